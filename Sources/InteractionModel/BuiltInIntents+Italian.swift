extension BuiltInIntents {
    /// it-IT defaults. Written for this project.
    /// Alexa's "Standard Built-in Intents" page (developer.amazon.com/docs/alexa/custom-skills/
    /// standard-built-in-intents.html) files "never mind" under AMAZON.CancelIntent, so its
    /// equivalent here ("non importa", "lascia perdere") cancels.
    static let italian: [String: [String]] = [
        "AMAZON.CancelIntent": [
            "annulla", "annullare", "annulla tutto", "lascia perdere", "lascia stare", "dimenticalo",
            "cancella", "annulla per favore", "non importa",
            "ho cambiato idea", "lascia perdere grazie", "dimentica quello che ho detto", "non lo voglio più",
            "annulla la richiesta", "non farlo",
        ],
        "AMAZON.StopIntent": [
            "stop", "basta", "fermati", "ferma", "smettila", "zitto", "silenzio", "esci", "chiudi", "fine",
            "termina", "arrivederci", "ciao",
            "è tutto", "basta così", "ho finito", "abbiamo finito", "a dopo", "puoi smettere",
            "chiudi l'applicazione", "fermati adesso", "niente altro",
        ],
        "AMAZON.HelpIntent": [
            "aiuto", "aiutami", "ho bisogno di aiuto", "cosa posso dire", "cosa sai fare", "come funziona",
            "cosa posso fare", "puoi aiutarmi", "quali sono le opzioni",
        ],
        "AMAZON.YesIntent": [
            "sì", "si", "certo", "certamente", "va bene", "ok", "d'accordo", "esatto", "giusto", "corretto",
            "sì grazie", "assolutamente", "perfetto", "volentieri", "senz'altro",
            "sì certo", "sì esatto", "fallo", "vai pure", "mi va bene", "sì per favore", "ok vai",
        ],
        "AMAZON.NoIntent": [
            "no", "no grazie", "per niente", "non ora", "negativo", "sbagliato", "non è giusto",
            "assolutamente no", "nemmeno per sogno", "non è corretto",
            "no non proprio", "non questa volta", "no sto bene così", "non serve", "passo", "non credo",
            "no non è così",
        ],
        "AMAZON.PauseIntent": [
            "pausa", "metti in pausa", "fai una pausa", "aspetta", "aspetta un attimo", "un momento", "un attimo",
            "aspetta un secondo", "un secondo", "metti in pausa per favore", "fermati un attimo",
        ],
        "AMAZON.ResumeIntent": [
            "riprendi", "riprendere", "continua", "continuare", "vai avanti", "togli la pausa",
            "riprendi la riproduzione",
            "continua per favore", "riprendi da dove eri", "andiamo avanti", "vai avanti per favore",
        ],
        "AMAZON.RepeatIntent": [
            "ripeti", "ripetere", "ripeti per favore", "di nuovo", "dillo di nuovo", "come", "cosa hai detto",
            "puoi ripetere", "ancora una volta",
            "puoi ripetere per favore", "non ho capito", "cosa hai detto scusa", "ridillo", "ripetilo per favore",
            "scusa come",
        ],
        "AMAZON.StartOverIntent": [
            "ricomincia", "ricominciare", "ricomincia da capo", "dall'inizio", "da capo", "riavvia", "ricominciamo",
            "ricominciamo da capo", "dal principio", "ricominciamo da zero",
        ],
        "AMAZON.NextIntent": [
            "prossimo", "il prossimo", "la prossima", "successivo", "salta", "passa al prossimo", "avanti",
            "passa al prossimo per favore", "al prossimo", "andiamo al prossimo",
        ],
        "AMAZON.PreviousIntent": [
            "precedente", "il precedente", "la precedente", "indietro", "torna indietro", "vai indietro",
            "torna al precedente", "quello di prima", "torna indietro di uno",
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
