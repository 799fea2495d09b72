extension EverydayRequests {
    /// Italian requests from the everyday domains of a voice assistant. Written for this
    /// project; lower case, without punctuation but apostrophes, as a speech recogniser writes them.
    static let italian: [String] = [
        // weather
        "che tempo fa oggi", "pioverà domani", "quanto fa freddo fuori", "mi serve l'ombrello",
        "nevicherà questo fine settimana", "quali sono le previsioni per venerdì", "quanto caldo farà oggi pomeriggio",
        "c'è vento a napoli",
        // time and date
        "che ore sono", "che giorno è oggi", "che data è oggi", "che ore sono a tokyo",
        "quanti giorni mancano a natale", "quando cambia l'ora legale",
        // alarms, timers, reminders, calendar
        "metti una sveglia alle sei e mezza", "svegliami domani alle sette", "imposta un timer di dieci minuti",
        "quanto manca al timer", "cancella la mia sveglia", "ricordami di chiamare il dentista",
        "ricordami di innaffiare le piante stasera", "cosa ho in agenda domani",
        "aggiungi una riunione con marco lunedì",
        "quando è il mio prossimo appuntamento",
        // music and media
        "metti un po' di jazz", "metti l'ultimo album di vasco rossi", "salta questa canzone", "alza il volume",
        "chi canta questa canzone", "metti la mia playlist per correre", "accendi la radio",
        "metti un podcast di storia",
        "riprendi il mio audiolibro", "metti il suono della pioggia",
        // news, sports
        "quali sono le notizie di oggi", "dammi i titoli del giorno", "novità dall'economia",
        "chi ha vinto la partita ieri sera", "quando gioca la juventus", "quanto sta la partita di basket",
        "chi è primo in classifica",
        // jokes, small talk, the assistant itself
        "raccontami una barzelletta", "dimmi qualcosa di divertente", "cantami una canzone", "quanti anni hai",
        "qual è il tuo colore preferito", "hai animali domestici", "sei un robot", "chi ti ha creato",
        "qual è il senso della vita", "dimmi una curiosità", "lancia una moneta", "tira un dado",
        "scegli un numero da uno a dieci", "raccontami una favola della buonanotte",
        // knowledge, maths, language
        "quanto è alto il monte bianco", "chi è stato il primo presidente della repubblica",
        "qual è la capitale dell'australia",
        "quanto dista la luna", "quando è stato costruito il colosseo", "quanti grammi in una libbra",
        "quanto fa il quindici per cento di ottanta", "qual è la radice quadrata di due",
        "converti dieci miglia in chilometri",
        "come si scrive necessario", "cosa significa effimero", "come si dice buongiorno in inglese",
        "chi ha scritto i promessi sposi", "quanti abitanti ha la svizzera", "perché il cielo è blu",
        // smart home
        "spegni la luce", "accendi la luce in cucina", "abbassa la luce in camera da letto",
        "imposta il riscaldamento a ventuno gradi", "chiudi a chiave la porta d'ingresso", "il garage è aperto",
        "avvia l'aspirapolvere", "accendi il ventilatore", "mostrami la telecamera dell'ingresso",
        // calls and messages
        "chiama la mamma", "scrivi a luca che arrivo tardi", "leggi i miei messaggi", "ho nuove email",
        "manda un messaggio al gruppo di famiglia", "chiama la farmacia più vicina",
        // shopping
        "aggiungi il latte alla lista della spesa", "cosa c'è nella lista della spesa", "riordina la carta da cucina",
        "dov'è il mio pacco", "traccia il mio ordine amazon", "quanto costa il nuovo iphone", "compra le pile",
        // navigation, traffic, travel
        "com'è il traffico in autostrada", "portami al distributore più vicino", "quanto ci vuole per l'aeroporto",
        "prenota un volo per parigi", "trovami un albergo a firenze", "il mio volo è in orario",
        "qual è il cambio del dollaro", "quando parte il prossimo treno per milano",
        // restaurants and recipes
        "trova un ristorante giapponese qui vicino", "prenota un tavolo per quattro alle otto",
        "come si fa il tiramisù",
        "dammi una ricetta per le lasagne", "quanto tempo deve bollire un uovo", "che vino va con il pesce",
        "quante calorie ha una mela",
        // health and fitness
        "quanti passi ho fatto oggi", "inizia un allenamento", "quali sono i sintomi dell'influenza",
        "trova un medico vicino a me", "ricordami di prendere le vitamine", "avvia una meditazione",
        // money and work
        "qual è il saldo del mio conto", "trasferisci cinquanta euro sul conto risparmio", "come va la borsa",
        "quanto vale un bitcoin", "paga la bolletta della luce", "quanti giorni di ferie mi restano",
        // entertainment
        "che film danno stasera al cinema", "consigliami una bella serie", "cosa c'è in tv stasera",
        "facciamo un gioco", "fammi una domanda a quiz", "trova i biglietti per un concerto",
        // devices and chores
        "qual è la password del wifi", "collegati alla mia cassa bluetooth", "scatta una foto",
        "metti il telefono in silenzioso", "quanta batteria resta", "quando passa la raccolta dei rifiuti",
        "trova un idraulico", "come tolgo una macchia dalla camicia", "a che ora chiude la posta",
        "come si cambia una gomma bucata",
    ]
}
