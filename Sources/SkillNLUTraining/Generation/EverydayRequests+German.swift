extension EverydayRequests {
    /// German requests from the everyday domains of a voice assistant. Written for this
    /// project; lower case, without punctuation, as a speech recogniser writes them.
    static let german: [String] = [
        // weather
        "wie wird das wetter heute", "regnet es morgen", "wie kalt ist es draußen", "brauche ich einen regenschirm",
        "schneit es am wochenende", "wie ist die wettervorhersage für freitag", "wie warm wird es heute nachmittag",
        "ist es windig in hamburg",
        // time and date
        "wie spät ist es", "welcher tag ist heute", "welches datum haben wir", "wie spät ist es in new york",
        "wie viele tage noch bis weihnachten", "wann wird die uhr umgestellt",
        // alarms, timers, reminders, calendar
        "stell einen wecker auf sechs uhr dreißig", "weck mich morgen um sieben", "stell einen timer auf zehn minuten",
        "wie lange läuft der timer noch", "lösche meinen wecker", "erinnere mich daran den zahnarzt anzurufen",
        "erinnere mich heute abend die blumen zu gießen", "was steht morgen in meinem kalender",
        "trag ein meeting mit anna am montag ein", "wann ist mein nächster termin",
        // music and media
        "spiel etwas jazz", "spiel das neue album von helene fischer", "überspring dieses lied", "mach lauter",
        "wer singt dieses lied", "spiel meine playlist zum joggen", "spiel radio bayern drei",
        "spiel einen podcast über geschichte", "setze mein hörbuch fort", "spiel regengeräusche",
        // news, sports
        "was gibt es neues", "was sind die schlagzeilen", "was gibt es neues aus der wirtschaft",
        "wie hat bayern münchen gespielt", "wann spielt dortmund das nächste mal", "wie steht es in der bundesliga",
        "wer führt die tabelle an",
        // jokes, small talk, the assistant itself
        "erzähl mir einen witz", "erzähl mir was lustiges", "sing mir ein lied vor", "wie alt bist du",
        "was ist deine lieblingsfarbe", "hast du haustiere", "bist du ein roboter", "wer hat dich erfunden",
        "was ist der sinn des lebens", "erzähl mir eine interessante tatsache", "wirf eine münze", "würfel mal",
        "nenn mir eine zahl zwischen eins und zehn", "erzähl mir eine gutenachtgeschichte",
        // knowledge, maths, language
        "wie hoch ist die zugspitze", "wer war der erste bundeskanzler", "was ist die hauptstadt von australien",
        "wie weit ist der mond entfernt", "wann wurde der kölner dom gebaut", "wie viel gramm hat ein pfund",
        "was sind fünfzehn prozent von achtzig", "was ist die wurzel aus zwei", "rechne zehn meilen in kilometer um",
        "wie schreibt man rhythmus", "was bedeutet nachhaltig", "was heißt guten morgen auf englisch",
        "wer hat faust geschrieben", "wie viele einwohner hat österreich", "warum ist der himmel blau",
        // smart home
        "mach das licht aus", "schalte das licht in der küche ein", "dimme das licht im schlafzimmer",
        "stell die heizung auf zweiundzwanzig grad", "schließ die haustür ab", "ist das garagentor offen",
        "starte den staubsauger", "schalte den ventilator ein", "zeig mir die kamera an der haustür",
        // calls and messages
        "ruf meine mutter an", "schreib thomas dass ich später komme", "lies meine nachrichten vor",
        "habe ich neue e-mails", "schick eine nachricht an die familiengruppe", "ruf die nächste apotheke an",
        // shopping
        "setz milch auf meine einkaufsliste", "was steht auf meiner einkaufsliste", "bestell nochmal küchenrolle",
        "wo ist mein paket", "wann kommt meine bestellung", "was kostet ein neues handy", "kauf neue batterien",
        // navigation, traffic, travel
        "wie ist der verkehr auf der autobahn", "navigiere zur nächsten tankstelle",
        "wie weit ist es bis zum flughafen",
        "buch einen flug nach mallorca", "finde ein hotel in berlin", "ist mein flug pünktlich",
        "wie ist der wechselkurs für dollar", "wann fährt der nächste zug nach münchen",
        // restaurants and recipes
        "finde ein italienisches restaurant in der nähe", "reservier einen tisch für vier personen",
        "wie mache ich pfannkuchen", "gib mir ein rezept für lasagne", "wie lange kocht man ein ei",
        "welcher wein passt zu fisch", "wie viele kalorien hat ein apfel",
        // health and fitness
        "wie viele schritte bin ich heute gegangen", "starte ein training", "was sind die symptome einer grippe",
        "finde einen arzt in der nähe", "erinnere mich an meine vitamine", "starte eine meditation",
        // money and work
        "wie ist mein kontostand", "überweise fünfzig euro auf mein sparkonto", "wie steht der dax",
        "was kostet ein bitcoin", "bezahl meine stromrechnung", "wie viele urlaubstage habe ich noch",
        // entertainment
        "welche filme laufen heute im kino", "empfiehl mir eine gute serie", "was läuft heute im fernsehen",
        "lass uns ein spiel spielen", "stell mir eine quizfrage", "finde karten für ein konzert",
        // devices and chores
        "wie lautet das wlan passwort", "verbinde dich mit meinem bluetooth lautsprecher", "mach ein foto",
        "stell mein handy auf lautlos", "wie voll ist der akku", "wann wird der müll abgeholt",
        "finde einen klempner", "wie bekomme ich einen fleck aus dem hemd", "wann macht die post zu",
        "wie wechsle ich einen reifen",
    ]
}
