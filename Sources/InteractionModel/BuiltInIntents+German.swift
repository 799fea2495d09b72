extension BuiltInIntents {
    /// de-DE defaults (also de-AT, de-CH). Written for this project; the phrases Alexa's "Standard Built-in Intents" page
    /// (developer.amazon.com/docs/alexa/custom-skills/standard-built-in-intents.html)
    /// gives as common utterances in German are here
    /// ("abbreche", "hilfe bitte", "stoppe loop" …); "egal" and "schon gut" (never mind) cancel.
    static let german: [String: [String]] = [
        "AMAZON.CancelIntent": [
            "abbrechen", "abbreche", "abbruch", "brich ab", "brich das ab", "vergiss es", "storniere das", "lass es",
            "abbrechen bitte", "schon gut", "egal", "ach egal", "vergiss es einfach",
            "ich habe es mir anders überlegt", "doch nicht", "vergiss das", "lass das", "das will ich nicht mehr",
            "mach das rückgängig", "ach lass mal",
        ],
        "AMAZON.StopIntent": [
            "stopp", "stop", "halt", "hör auf", "aufhören", "sei still", "ruhe", "beenden", "beende",
            "ende", "schluss", "das reicht", "tschüss", "auf wiedersehen",
            "das wars", "das war's", "das wäre alles", "das ist alles", "ich bin fertig", "bis später",
            "schluss jetzt", "beende den skill", "du kannst aufhören", "hör jetzt auf", "mach schluss",
        ],
        "AMAZON.HelpIntent": [
            "hilfe", "hilfe bitte", "hilf mir", "hilf mir bitte", "ich brauche hilfe", "was kann ich sagen", "was kannst du",
            "wie funktioniert das", "was kann ich tun", "kannst du mir helfen", "welche möglichkeiten habe ich",
        ],
        "AMAZON.YesIntent": [
            "ja", "jawohl", "ja bitte", "genau", "richtig", "stimmt", "das stimmt", "klar", "sicher",
            "natürlich", "okay", "ok", "gerne", "auf jeden fall", "einverstanden", "korrekt",
            "ja gerne", "ja genau", "ja das stimmt", "mach das", "in ordnung", "passt", "ja mach",
        ],
        "AMAZON.NoIntent": [
            "nein", "nee", "ne", "nein danke", "auf keinen fall", "falsch", "das stimmt nicht",
            "lieber nicht", "nicht jetzt", "keineswegs",
            "nö", "eher nicht", "stimmt nicht", "nein lieber nicht", "brauche ich nicht", "nein passt schon",
            "nicht nötig", "heute nicht", "nein das ist falsch",
        ],
        "AMAZON.PauseIntent": [
            "pause", "pausieren", "pausiere", "anhalten", "halte an", "warte", "warte kurz", "moment",
            "einen moment",
            "warte mal", "moment mal", "kurz anhalten", "mach mal pause", "gib mir eine minute",
        ],
        "AMAZON.ResumeIntent": [
            "fortsetzen", "fortfahren", "setze fort", "mach weiter", "weitermachen", "weiter abspielen",
            "wieder abspielen",
            "weiter bitte", "mach bitte weiter", "spiel weiter", "weiter geht's", "setz fort",
        ],
        "AMAZON.RepeatIntent": [
            "wiederholen", "wiederhole", "wiederhole das", "noch einmal", "nochmal", "noch mal", "sag das nochmal", "sag das noch mal",
            "wie bitte", "was hast du gesagt", "bitte wiederholen",
            "kannst du das wiederholen", "noch einmal bitte", "ich habe das nicht verstanden", "was war das",
            "sag es bitte noch einmal", "wiederhol das bitte",
        ],
        "AMAZON.StartOverIntent": [
            "von vorne", "neu starten", "fang von vorne an", "von vorn beginnen", "noch mal von vorne",
            "neustart", "zurücksetzen", "von anfang an",
            "noch einmal von vorne", "fang nochmal an", "fang noch mal an", "alles auf anfang", "wir fangen neu an",
        ],
        "AMAZON.NextIntent": [
            "weiter", "nächster", "nächste", "der nächste", "das nächste", "überspringen",
            "überspringe das", "vor", "nächstes bitte",
            "zum nächsten", "weiter zum nächsten", "das nächste bitte", "spring weiter",
        ],
        "AMAZON.PreviousIntent": [
            "zurück", "vorheriger", "vorherige", "das vorherige", "der vorherige", "geh zurück", "eins zurück",
            "eins zurück bitte", "geh eins zurück", "zum vorherigen", "das davor",
        ],
        "AMAZON.MoreIntent": [
            "mehr", "mehr bitte", "erzähl mir mehr", "zeig mehr", "noch mehr", "was noch", "mehr details",
            "mehr informationen",
        ],
        "AMAZON.SelectIntent": [
            "auswählen", "wähle das", "wähle diesen", "dieses", "diesen hier", "das hier", "den da", "nimm das",
        ],
        "AMAZON.ShuffleOnIntent": [
            "zufallswiedergabe an", "zufallswiedergabe einschalten", "mischen", "shuffle an",
            "zufällige reihenfolge", "misch die lieder",
        ],
        "AMAZON.ShuffleOffIntent": [
            "zufallswiedergabe aus", "zufallswiedergabe ausschalten", "nicht mehr mischen", "shuffle aus",
            "der reihe nach abspielen",
        ],
        "AMAZON.LoopOnIntent": [
            "schleife an", "wiederholung an", "endlosschleife", "dauerschleife an", "in schleife abspielen",
        ],
        "AMAZON.LoopOffIntent": [
            "schleife aus", "wiederholung aus", "dauerschleife aus", "keine schleife", "endlosschleife beenden",
            "deaktiviere loop", "stoppe loop",
        ],
        "AMAZON.NavigateHomeIntent": [
            "startseite", "zur startseite", "geh zur startseite", "nach hause", "zum startbildschirm", "hauptmenü",
        ],
        "AMAZON.NavigateSettingsIntent": [
            "einstellungen", "öffne die einstellungen", "zu den einstellungen", "zeig die einstellungen",
            "geräteeinstellungen",
        ],
        "AMAZON.PageUpIntent": ["seite hoch", "eine seite hoch", "vorherige seite", "seite nach oben"],
        "AMAZON.PageDownIntent": ["seite runter", "eine seite runter", "nächste seite", "seite nach unten"],
        "AMAZON.ScrollUpIntent": ["nach oben scrollen", "hoch scrollen", "scroll nach oben", "nach oben"],
        "AMAZON.ScrollDownIntent": ["nach unten scrollen", "runter scrollen", "scroll nach unten", "nach unten"],
        "AMAZON.ScrollLeftIntent": ["nach links scrollen", "scroll nach links", "nach links"],
        "AMAZON.ScrollRightIntent": ["nach rechts scrollen", "scroll nach rechts", "nach rechts"],
        "AMAZON.SendToPhoneIntent": [
            "an mein handy senden", "schick das an mein handy", "aufs handy schicken", "auf dem handy öffnen",
        ],
        "AMAZON.FallbackIntent": [],
    ]
}
