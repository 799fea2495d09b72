extension NumberTable {
    /// German: compounds ("dreihundertdreiundzwanzig"), units before tens, suffix ordinals.
    static let german = NumberTable(
        language: "de",
        units: ["null", "eins|ein|eine|einen|einem|einer", "zwei|zwo", "drei", "vier", "fünf", "sechs", "sieben",
                "acht", "neun"],
        teens: ["zehn", "elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn",
                "neunzehn"],
        tens: ["zwanzig", "dreißig|dreissig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig"],
        twoDigitPatterns: ["{u}und{t}"],
        compoundUnits: [1: "ein"],
        compounding: true,
        multipliers: [Multiplier(value: 100, word: "hundert", pattern: "{n}{s}", one: "hundert|einhundert", maxFactor: 99)],
        scales: [
            Scale(value: 1_000, one: "tausend|eintausend", word: "tausend", pattern: "{n}{s}"),
            Scale(value: 1_000_000, one: "eine million", word: "million", many: "millionen", joiner: " "),
            Scale(value: 1_000_000_000, one: "eine milliarde", word: "milliarde", many: "milliarden", joiner: " "),
        ],
        restJoiners: [""],
        scaleJoiners: [""],
        conjunctions: ["und"],
        negatives: ["minus"],
        decimalPoints: ["komma"],
        decimalSeparator: ",",
        groupingSeparator: ".",
        ordinals: OrdinalRules(
            style: .suffix,
            words: [1: "erste", 3: "dritte", 7: "siebte", 8: "achte"],
            inflections: ["e": ["en", "er", "es", "em"]],
            smallSuffix: "te", largeSuffix: "ste", largeFrom: 20,
            parseSuffixes: ["ste", "sten", "ster", "stes", "stem", "te", "ten", "ter", "tes", "tem"]
        )
    )

    /// Spanish: "veintitrés", "treinta y tres", whole hundreds words, additive ordinals.
    static let spanish = NumberTable(
        language: "es",
        units: ["cero", "uno|un|una", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"],
        teens: ["diez", "once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho",
                "diecinueve"],
        tens: ["veinte", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"],
        twoDigitPatterns: ["{t} y {u}"],
        twoDigitExceptions: [21: "veintiuno|veintiún|veintiuna", 22: "veintidós", 23: "veintitrés", 24: "veinticuatro",
                             25: "veinticinco", 26: "veintiséis", 27: "veintisiete", 28: "veintiocho", 29: "veintinueve"],
        multipliers: [Multiplier(value: 100, word: "cien", pattern: "{n} {s}", one: "cien", maxFactor: 9,
                                 forms: ["ciento", "doscientos|doscientas", "trescientos|trescientas",
                                         "cuatrocientos|cuatrocientas", "quinientos|quinientas", "seiscientos|seiscientas",
                                         "setecientos|setecientas", "ochocientos|ochocientas", "novecientos|novecientas"],
                                 exact: "cien")],
        scales: [
            Scale(value: 1_000, one: "mil", word: "mil"),
            Scale(value: 1_000_000, one: "un millón", word: "millón", many: "millones"),
        ],
        conjunctions: ["y"],
        negatives: ["menos"],
        decimalPoints: ["coma", "punto"],
        decimalSeparator: ",",
        groupingSeparator: ".",
        ordinals: OrdinalRules(
            style: .additive,
            words: [1: "primero|primer", 2: "segundo", 3: "tercero|tercer", 4: "cuarto", 5: "quinto", 6: "sexto",
                    7: "séptimo|sétimo", 8: "octavo", 9: "noveno", 10: "décimo", 11: "undécimo|decimoprimero",
                    12: "duodécimo|decimosegundo", 13: "decimotercero", 14: "decimocuarto", 15: "decimoquinto",
                    16: "decimosexto", 17: "decimoséptimo", 18: "decimoctavo", 19: "decimonoveno", 20: "vigésimo",
                    30: "trigésimo", 40: "cuadragésimo", 50: "quincuagésimo", 60: "sexagésimo", 70: "septuagésimo",
                    80: "octogésimo", 90: "nonagésimo", 100: "centésimo", 1000: "milésimo"],
            inflections: ["o": ["a", "os", "as"]],
            digitMarkers: ["º", "ª", "o", "a", "er", "ra", "ro", "°"]
        )
    )

    /// French: "vingt et un", "soixante-dix", "quatre-vingt-dix-sept", ordinals in "-ième".
    static let french = NumberTable(
        language: "fr",
        units: ["zéro", "un|une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"],
        teens: ["dix", "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf"],
        tens: ["vingt", "trente", "quarante", "cinquante", "soixante", "soixante-dix|septante",
               "quatre-vingts|quatre-vingt|huitante|octante", "quatre-vingt-dix|nonante"],
        twoDigitPatterns: ["{t}-{u}", "{t} {u}"],
        compoundTens: [80: "quatre-vingt"],
        twoDigitExceptions: [21: "vingt et un|vingt-et-un", 31: "trente et un|trente-et-un",
                             41: "quarante et un|quarante-et-un", 51: "cinquante et un|cinquante-et-un",
                             61: "soixante et un|soixante-et-un", 71: "soixante et onze|soixante-et-onze"],
        vigesimal: true,
        multipliers: [Multiplier(value: 100, word: "cent|cents", pattern: "{n} {s}", one: "cent", maxFactor: 9)],
        scales: [
            Scale(value: 1_000, one: "mille", word: "mille"),
            Scale(value: 1_000_000, one: "un million", word: "million", many: "millions"),
            Scale(value: 1_000_000_000, one: "un milliard", word: "milliard", many: "milliards"),
        ],
        conjunctions: ["et"],
        negatives: ["moins"],
        decimalPoints: ["virgule"],
        decimalSeparator: ",",
        groupingSeparator: ".",
        ordinals: OrdinalRules(
            style: .replaceLastWord,
            words: [1: "premier|première"],
            lastWord: [
                "un": "unième", "deux": "deuxième|second|seconde", "trois": "troisième", "quatre": "quatrième",
                "cinq": "cinquième", "six": "sixième", "sept": "septième", "huit": "huitième", "neuf": "neuvième",
                "dix": "dixième", "onze": "onzième", "douze": "douzième", "treize": "treizième",
                "quatorze": "quatorzième", "quinze": "quinzième", "seize": "seizième", "vingt": "vingtième",
                "vingts": "vingtième", "trente": "trentième", "quarante": "quarantième", "cinquante": "cinquantième",
                "soixante": "soixantième", "cent": "centième", "mille": "millième", "million": "millionième",
            ],
            digitMarkers: ["e", "er", "re", "ère", "ème", "eme", "ieme", "è", "°"]
        )
    )

    /// Italian: compounds with elision ("ventuno", "duemilaventi"), ordinals in "-esimo".
    static let italian = NumberTable(
        language: "it",
        units: ["zero", "uno|un|una", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove"],
        teens: ["dieci", "undici", "dodici", "tredici", "quattordici", "quindici", "sedici", "diciassette", "diciotto",
                "diciannove"],
        tens: ["venti", "trenta", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta"],
        twoDigitPatterns: ["{t}{u}"],
        elidesTensVowel: true,
        compounding: true,
        multipliers: [Multiplier(value: 100, word: "cento", pattern: "{n}{s}", one: "cento", maxFactor: 9)],
        scales: [
            Scale(value: 1_000, one: "mille", word: "mila", pattern: "{n}{s}"),
            Scale(value: 1_000_000, one: "un milione", word: "milione", many: "milioni", joiner: " "),
            Scale(value: 1_000_000_000, one: "un miliardo", word: "miliardo", many: "miliardi", joiner: " "),
        ],
        restJoiners: [""],
        scaleJoiners: [""],
        conjunctions: ["e"],
        negatives: ["meno"],
        decimalPoints: ["virgola"],
        decimalSeparator: ",",
        groupingSeparator: ".",
        ordinals: OrdinalRules(
            style: .suffix,
            words: [1: "primo", 2: "secondo", 3: "terzo", 4: "quarto", 5: "quinto", 6: "sesto", 7: "settimo",
                    8: "ottavo", 9: "nono", 10: "decimo"],
            inflections: ["o": ["a", "i", "e"]],
            smallSuffix: "esimo", largeSuffix: "esimo", largeFrom: 11,
            elidesFinalVowel: true, keptEndings: ["tre", "sei"],
            parseSuffixes: ["esimo", "esima", "esimi", "esime"],
            stemCompletions: ["", "o", "a", "e", "i"],
            digitMarkers: ["º", "ª", "o", "a", "°"]
        )
    )

    /// Portuguese (Brazil and Portugal): "vinte e três", "cento e cinco", additive ordinals.
    static let portuguese = NumberTable(
        language: "pt",
        units: ["zero", "um|uma", "dois|duas", "três", "quatro", "cinco", "seis", "sete", "oito", "nove"],
        teens: ["dez", "onze", "doze", "treze", "catorze|quatorze", "quinze", "dezesseis|dezasseis",
                "dezessete|dezassete", "dezoito", "dezenove|dezanove"],
        tens: ["vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta", "noventa"],
        twoDigitPatterns: ["{t} e {u}"],
        multipliers: [Multiplier(value: 100, word: "cem", pattern: "{n} {s}", one: "cem", maxFactor: 9,
                                 forms: ["cento", "duzentos|duzentas", "trezentos|trezentas", "quatrocentos|quatrocentas",
                                         "quinhentos|quinhentas", "seiscentos|seiscentas", "setecentos|setecentas",
                                         "oitocentos|oitocentas", "novecentos|novecentas"],
                                 exact: "cem")],
        scales: [
            Scale(value: 1_000, one: "mil", word: "mil"),
            Scale(value: 1_000_000, one: "um milhão", word: "milhão", many: "milhões"),
            Scale(value: 1_000_000_000, one: "um bilhão", word: "bilhão", many: "bilhões"),
        ],
        restJoiners: [" e "],
        scaleJoiners: [" e ", " "],
        conjunctions: ["e"],
        negatives: ["menos"],
        decimalPoints: ["vírgula", "ponto"],
        decimalSeparator: ",",
        groupingSeparator: ".",
        ordinals: OrdinalRules(
            style: .additive,
            words: [1: "primeiro", 2: "segundo", 3: "terceiro", 4: "quarto", 5: "quinto", 6: "sexto", 7: "sétimo",
                    8: "oitavo", 9: "nono", 10: "décimo", 20: "vigésimo", 30: "trigésimo", 40: "quadragésimo",
                    50: "quinquagésimo", 60: "sexagésimo", 70: "septuagésimo|setuagésimo", 80: "octogésimo",
                    90: "nonagésimo", 100: "centésimo", 1000: "milésimo"],
            inflections: ["o": ["a", "os", "as"]],
            digitMarkers: ["º", "ª", "o", "a", "°"]
        )
    )
}
