extension BuiltInIntents {
    /// it-IT defaults. Written for this project.
    /// Alexa's "Standard Built-in Intents" page (developer.amazon.com/docs/alexa/custom-skills/
    /// standard-built-in-intents.html) files "never mind" under AMAZON.CancelIntent, so its
    /// equivalent here ("non importa", "lascia perdere") cancels.
    static let italian: [String: [String]] = [
        "AMAZON.CancelIntent": [
            "annulla", "annullare", "annulla tutto", "lascia perdere", "lascia stare", "dimenticalo",
            "cancella", "annulla per favore", "non importa",
        ],
        "AMAZON.StopIntent": [
            "stop", "basta", "fermati", "ferma", "smettila", "zitto", "silenzio", "esci", "chiudi", "fine",
            "termina", "arrivederci", "ciao",
        ],
        "AMAZON.HelpIntent": [
            "aiuto", "aiutami", "ho bisogno di aiuto", "cosa posso dire", "cosa sai fare", "come funziona",
            "cosa posso fare", "puoi aiutarmi", "quali sono le opzioni",
        ],
        "AMAZON.YesIntent": [
            "sì", "si", "certo", "certamente", "va bene", "ok", "d'accordo", "esatto", "giusto", "corretto",
            "sì grazie", "assolutamente", "perfetto", "volentieri", "senz'altro",
        ],
        "AMAZON.NoIntent": [
            "no", "no grazie", "per niente", "non ora", "negativo", "sbagliato", "non è giusto",
            "assolutamente no", "nemmeno per sogno", "non è corretto",
        ],
        "AMAZON.PauseIntent": [
            "pausa", "metti in pausa", "fai una pausa", "aspetta", "aspetta un attimo", "un momento", "un attimo",
        ],
        "AMAZON.ResumeIntent": [
            "riprendi", "riprendere", "continua", "continuare", "vai avanti", "togli la pausa",
            "riprendi la riproduzione",
        ],
        "AMAZON.RepeatIntent": [
            "ripeti", "ripetere", "ripeti per favore", "di nuovo", "dillo di nuovo", "come", "cosa hai detto",
            "puoi ripetere", "ancora una volta",
        ],
        "AMAZON.StartOverIntent": [
            "ricomincia", "ricominciare", "ricomincia da capo", "dall'inizio", "da capo", "riavvia", "ricominciamo",
        ],
        "AMAZON.NextIntent": [
            "prossimo", "il prossimo", "la prossima", "successivo", "salta", "passa al prossimo", "avanti",
        ],
        "AMAZON.PreviousIntent": [
            "precedente", "il precedente", "la precedente", "indietro", "torna indietro", "vai indietro",
        ],
        "AMAZON.MoreIntent": [
            "di più", "altro", "dimmi di più", "mostrami altro", "ancora", "più dettagli", "cos'altro",
        ],
        "AMAZON.SelectIntent": [
            "seleziona", "selezionare", "scegli questo", "questo", "quello", "questa", "prendo quello",
            "scelgo questo",
        ],
        "AMAZON.ShuffleOnIntent": [
            "casuale", "riproduzione casuale", "attiva la riproduzione casuale", "modalità casuale",
            "mescola le canzoni",
        ],
        "AMAZON.ShuffleOffIntent": [
            "disattiva la riproduzione casuale", "togli la riproduzione casuale", "niente casuale",
            "riproduci in ordine",
        ],
        "AMAZON.LoopOnIntent": [
            "ripetizione continua", "attiva la ripetizione", "in loop", "riproduci in loop", "modalità loop",
        ],
        "AMAZON.LoopOffIntent": [
            "disattiva la ripetizione", "togli il loop", "niente loop", "disattiva il loop",
        ],
        "AMAZON.NavigateHomeIntent": [
            "home", "vai alla home", "schermata iniziale", "torna alla schermata iniziale", "menu principale",
        ],
        "AMAZON.NavigateSettingsIntent": [
            "impostazioni", "apri le impostazioni", "vai alle impostazioni", "mostra le impostazioni",
        ],
        "AMAZON.PageUpIntent": ["pagina su", "pagina precedente", "su di una pagina"],
        "AMAZON.PageDownIntent": ["pagina giù", "pagina successiva", "giù di una pagina"],
        "AMAZON.ScrollUpIntent": ["scorri verso l'alto", "scorri su", "verso l'alto"],
        "AMAZON.ScrollDownIntent": ["scorri verso il basso", "scorri giù", "verso il basso"],
        "AMAZON.ScrollLeftIntent": ["scorri a sinistra", "verso sinistra", "a sinistra"],
        "AMAZON.ScrollRightIntent": ["scorri a destra", "verso destra", "a destra"],
        "AMAZON.SendToPhoneIntent": [
            "mandalo al mio telefono", "invia al telefono", "invialo al mio cellulare", "aprilo sul telefono",
        ],
        "AMAZON.FallbackIntent": [],
    ]
}
