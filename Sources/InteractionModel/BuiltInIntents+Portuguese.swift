extension BuiltInIntents {
    /// pt-BR defaults. Written for this project.
    /// Alexa's "Standard Built-in Intents" page (developer.amazon.com/docs/alexa/custom-skills/
    /// standard-built-in-intents.html) files "never mind" under AMAZON.CancelIntent, so its
    /// equivalent here ("deixa pra lá", "tanto faz") cancels.
    static let portuguese: [String: [String]] = [
        "AMAZON.CancelIntent": [
            "cancelar", "cancela", "cancele", "cancela isso", "esquece", "esqueça", "deixa pra lá", "anular",
            "tanto faz", "não importa",
            "mudei de ideia", "esquece isso", "não quero mais", "cancela meu pedido", "não faça isso",
            "deixa isso pra lá",
        ],
        "AMAZON.StopIntent": [
            "pare", "para", "parar", "chega", "basta", "cala a boca", "silêncio", "sair", "sai", "fim",
            "encerrar", "tchau", "até logo",
            "é só isso", "só isso", "terminei", "já acabei", "até mais", "pode parar", "para agora",
            "fecha o aplicativo", "mais nada",
        ],
        "AMAZON.HelpIntent": [
            "ajuda", "me ajuda", "preciso de ajuda", "o que eu posso dizer", "o que você sabe fazer",
            "como funciona", "o que eu posso fazer", "pode me ajudar", "quais são as opções",
        ],
        "AMAZON.YesIntent": [
            "sim", "claro", "com certeza", "certo", "ok", "tá bom", "está bem", "beleza", "isso",
            "isso mesmo", "exato", "correto", "sim por favor", "pode ser", "positivo",
            "sim claro", "sim é isso", "faz isso", "pode fazer", "tudo bem", "sim obrigado", "ok pode ser",
        ],
        "AMAZON.NoIntent": [
            "não", "não obrigado", "não obrigada", "de jeito nenhum", "agora não", "negativo", "errado",
            "não é isso", "incorreto", "nem pensar", "claro que não",
            "não na verdade não", "dessa vez não", "não estou bem assim", "não precisa", "passo", "acho que não",
            "não não é isso",
        ],
        "AMAZON.PauseIntent": [
            "pausa", "pausar", "pausa a música", "espera", "espera um pouco", "um momento", "só um minuto",
            "espera um segundo", "um segundo", "dá uma pausa", "pausa por favor",
        ],
        "AMAZON.ResumeIntent": [
            "retomar", "retoma", "continuar", "continua", "continue", "pode continuar", "tira a pausa",
            "volta a tocar",
            "continua por favor", "continua de onde parou", "vamos continuar", "pode seguir",
        ],
        "AMAZON.RepeatIntent": [
            "repete", "repetir", "repita", "repete isso", "de novo", "fala de novo", "como", "o que você disse",
            "pode repetir",
            "pode repetir por favor", "não entendi", "o que você falou", "fala isso de novo", "repete por favor",
            "desculpa o quê",
        ],
        "AMAZON.StartOverIntent": [
            "recomeçar", "recomeça", "começar de novo", "do começo", "desde o início", "reiniciar", "reinicia",
            "vamos começar de novo", "do início", "começa tudo de novo",
        ],
        "AMAZON.NextIntent": [
            "próximo", "o próximo", "a próxima", "seguinte", "pular", "pula", "avança", "passa para o próximo",
            "passa para o próximo por favor", "vai para o próximo", "próximo por favor",
        ],
        "AMAZON.PreviousIntent": [
            "anterior", "o anterior", "a anterior", "voltar", "volta", "volta um", "para trás",
            "volta para o anterior", "o de antes", "volta um por favor",
        ],
        "AMAZON.MoreIntent": [
            "mais", "me fala mais", "conta mais", "mostra mais", "mais detalhes", "mais informações", "o que mais",
        ],
        "AMAZON.SelectIntent": [
            "selecionar", "seleciona", "escolhe esse", "esse", "essa", "este", "esta", "quero esse",
            "fico com esse",
        ],
        "AMAZON.ShuffleOnIntent": [
            "aleatório", "modo aleatório", "ativa o modo aleatório", "tocar em ordem aleatória", "embaralhar",
        ],
        "AMAZON.ShuffleOffIntent": [
            "desativa o modo aleatório", "desligar aleatório", "sem aleatório", "tocar em ordem",
        ],
        "AMAZON.LoopOnIntent": [
            "repetir sempre", "ativa a repetição", "modo repetição", "tocar em loop", "loop",
        ],
        "AMAZON.LoopOffIntent": [
            "desativa a repetição", "desligar repetição", "sem repetição", "desligar loop",
        ],
        "AMAZON.NavigateHomeIntent": [
            "início", "tela inicial", "ir para o início", "volta para o início", "menu principal",
        ],
        "AMAZON.NavigateSettingsIntent": [
            "configurações", "ajustes", "abre as configurações", "ir para configurações",
        ],
        "AMAZON.PageUpIntent": ["página anterior", "sobe uma página", "página para cima"],
        "AMAZON.PageDownIntent": ["próxima página", "desce uma página", "página para baixo"],
        "AMAZON.ScrollUpIntent": ["rolar para cima", "rola para cima", "para cima"],
        "AMAZON.ScrollDownIntent": ["rolar para baixo", "rola para baixo", "para baixo"],
        "AMAZON.ScrollLeftIntent": ["rolar para a esquerda", "para a esquerda", "esquerda"],
        "AMAZON.ScrollRightIntent": ["rolar para a direita", "para a direita", "direita"],
        "AMAZON.SendToPhoneIntent": [
            "manda para o meu celular", "envia para o celular", "abre no meu celular", "enviar para o telefone",
        ],
        "AMAZON.FallbackIntent": [],
    ]
}
