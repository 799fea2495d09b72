extension NumberTable {
    /// English numbers ("a hundred and five", "twenty first").
    static let english = NumberTable(
        language: "en",
        units: ["zero|nought|nil", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"],
        teens: ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                "eighteen", "nineteen"],
        tens: ["twenty", "thirty", "forty|fourty", "fifty", "sixty", "seventy", "eighty", "ninety"],
        twoDigitPatterns: ["{t} {u}", "{t}-{u}"],
        multipliers: [
            Multiplier(value: 100, word: "hundred", pattern: "{n} {s}",
                       one: "one hundred|a hundred|hundred", maxFactor: 99),
        ],
        scales: [
            Scale(value: 1_000, one: "one thousand|a thousand|thousand", word: "thousand"),
            Scale(value: 1_000_000, one: "one million|a million|million", word: "million"),
            Scale(value: 1_000_000_000, one: "one billion|a billion|billion", word: "billion"),
        ],
        restJoiners: [" ", " and "],
        scaleJoiners: [" ", " and "],
        conjunctions: ["and"],
        negatives: ["minus", "negative"],
        decimalPoints: ["point", "dot"],
        articlesForOne: ["a", "an"],
        zeroDigits: ["oh", "o"],
        repeatWords: ["double": 2, "triple": 3],
        ordinals: OrdinalRules(
            style: .replaceLastWord,
            lastWord: [
                "zero": "zeroth", "one": "first", "two": "second", "three": "third", "four": "fourth",
                "five": "fifth", "six": "sixth", "seven": "seventh", "eight": "eighth", "nine": "ninth",
                "ten": "tenth", "eleven": "eleventh", "twelve": "twelfth", "thirteen": "thirteenth",
                "fourteen": "fourteenth", "fifteen": "fifteenth", "sixteen": "sixteenth",
                "seventeen": "seventeenth", "eighteen": "eighteenth", "nineteen": "nineteenth",
                "twenty": "twentieth", "thirty": "thirtieth", "forty": "fortieth", "fifty": "fiftieth",
                "sixty": "sixtieth", "seventy": "seventieth", "eighty": "eightieth", "ninety": "ninetieth",
                "hundred": "hundredth", "thousand": "thousandth", "million": "millionth",
                "billion": "billionth",
            ]
        )
    )
}
