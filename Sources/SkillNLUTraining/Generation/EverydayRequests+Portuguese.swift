extension EverydayRequests {
    /// Brazilian Portuguese requests from the everyday domains of a voice assistant. Written
    /// for this project; lower case, without punctuation, as a speech recogniser writes them.
    static let portuguese: [String] = [
        // weather
        "como está o tempo hoje", "vai chover amanhã", "qual a temperatura lá fora", "preciso de guarda chuva",
        "vai fazer frio no fim de semana", "qual a previsão do tempo para sexta", "vai fazer calor hoje à tarde",
        "está ventando em curitiba",
        // time and date
        "que horas são", "que dia é hoje", "qual a data de hoje", "que horas são em lisboa",
        "quantos dias faltam para o natal", "quando começa o horário de verão",
        // alarms, timers, reminders, calendar
        "coloca um alarme para as seis e meia", "me acorda amanhã às sete", "marca um timer de dez minutos",
        "quanto tempo falta no timer", "apaga meu alarme", "me lembra de ligar para o dentista",
        "me lembra de regar as plantas hoje à noite", "o que tem na minha agenda amanhã",
        "adiciona uma reunião com a juliana na segunda", "quando é meu próximo compromisso",
        // music and media
        "toca um jazz", "toca o último álbum da anitta", "pula essa música", "aumenta o volume",
        "quem canta essa música", "toca minha playlist de corrida", "liga o rádio", "toca um podcast de história",
        "continua meu audiolivro", "toca som de chuva",
        // news, sports
        "quais são as notícias de hoje", "me dá as manchetes", "quais as novidades da economia",
        "quem ganhou o jogo ontem à noite", "quando o flamengo joga", "quanto está o jogo de basquete",
        "quem está liderando o brasileirão",
        // jokes, small talk, the assistant itself
        "me conta uma piada", "fala alguma coisa engraçada", "canta uma música", "quantos anos você tem",
        "qual é a sua cor favorita", "você tem bicho de estimação", "você é um robô", "quem te criou",
        "qual o sentido da vida", "me conta uma curiosidade", "joga uma moeda", "joga um dado",
        "escolhe um número de um a dez", "me conta uma história para dormir",
        // knowledge, maths, language
        "qual a altura do pão de açúcar", "quem foi o primeiro presidente do brasil", "qual é a capital da austrália",
        "qual a distância até a lua", "quando foi construído o cristo redentor", "quantos gramas tem uma libra",
        "quanto é quinze por cento de oitenta", "qual a raiz quadrada de dois", "converte dez milhas em quilômetros",
        "como se escreve necessário", "o que significa efêmero", "como se diz bom dia em inglês",
        "quem escreveu dom casmurro", "quantos habitantes tem portugal", "por que o céu é azul",
        // smart home
        "apaga a luz", "acende a luz da cozinha", "diminui a luz do quarto",
        "coloca o ar condicionado em vinte e dois graus",
        "tranca a porta da frente", "o portão da garagem está aberto", "liga o aspirador", "liga o ventilador",
        "mostra a câmera da entrada",
        // calls and messages
        "liga para minha mãe", "manda uma mensagem para o pedro dizendo que vou me atrasar", "lê minhas mensagens",
        "tenho emails novos", "manda uma mensagem no grupo da família", "liga para a farmácia mais próxima",
        // shopping
        "adiciona leite na lista de compras", "o que tem na minha lista de compras", "compra papel toalha de novo",
        "onde está minha encomenda", "rastreia meu pedido da amazon", "quanto custa o iphone novo", "compra pilhas",
        // navigation, traffic, travel
        "como está o trânsito na marginal", "me leva ao posto de gasolina mais próximo", "quanto tempo até o aeroporto",
        "reserva uma passagem para salvador", "procura um hotel no rio de janeiro", "meu voo está no horário",
        "quanto está o dólar hoje", "que horas sai o próximo ônibus para campinas",
        // restaurants and recipes
        "procura um restaurante japonês aqui perto", "reserva uma mesa para quatro às oito", "como faz pão de queijo",
        "me dá uma receita de lasanha", "quanto tempo para cozinhar um ovo", "que vinho combina com peixe",
        "quantas calorias tem uma maçã",
        // health and fitness
        "quantos passos eu dei hoje", "começa um treino", "quais são os sintomas da gripe",
        "procura um médico perto de mim", "me lembra de tomar as vitaminas", "começa uma meditação",
        // money and work
        "qual é o saldo da minha conta", "transfere cinquenta reais para a poupança", "como está a bolsa",
        "quanto está o bitcoin", "paga minha conta de luz", "quantos dias de férias eu tenho",
        // entertainment
        "que filmes estão passando hoje", "me indica uma série boa", "o que está passando na tv",
        "vamos jogar um jogo", "me faz uma pergunta de conhecimentos gerais", "procura ingressos para um show",
        // devices and chores
        "qual é a senha do wifi", "conecta na minha caixa de som bluetooth", "tira uma foto",
        "coloca o celular no silencioso", "quanto de bateria ainda tem", "que dia passa o lixeiro",
        "procura um encanador", "como tirar mancha de camisa", "que horas fecha o correio",
        "como trocar um pneu furado",
    ]
}
