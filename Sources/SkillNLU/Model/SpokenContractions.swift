import BuiltInValues

/// Listed values as people say them: a list written "I am" or "money is not important" is
/// answered "i'm" and "money isn't important", and a list written "I can't stand it" is
/// answered "i cannot stand it" too. Speech recognisers write whichever form they heard, and a
/// developer writes the one that came to mind, so each listed form with a contraction it could
/// make (or undo) gains the other form, joined to its value as a synonym (for finding spans,
/// for resolution and for the tagger's training alike).
///
/// Only lists of phrases a user says gain forms, not catalogues: a list of more than
/// ``largestPhraseList`` forms holds titles and names ("who do you think you are"), said as
/// their owners spell them. Only English has a table: the other languages we support contract
/// few phrases a list would hold, or elide articles, which resolution already reads
/// (``ResolutionLanguage``).
enum SpokenContractions {
    /// The most forms a list may have and still gain contractions.
    static let largestPhraseList = 100

    /// The other forms of `forms` (text, value index), each with its value's index; a form
    /// already listed is left out. A form gains at most two: every pair it can contract
    /// contracted, and every contraction it holds undone.
    static func forms(besides forms: [(String, Int)], locale: String) -> [(String, Int)] {
        guard forms.count <= largestPhraseList, BuiltInLocaleTables.language(of: locale) == "en" else { return [] }
        var said = Set(forms.map { $0.0.lowercased() })
        var out: [(String, Int)] = []
        for (text, value) in forms where mayHold(text) {
            let words = text.lowercased().split(separator: " ").map(String.init)
            for variant in [contracted(words), expanded(words)] {
                guard let variant else { continue }
                let joined = variant.joined(separator: " ")
                guard said.insert(joined).inserted else { continue }
                out.append((joined, value))
            }
        }
        return out
    }

    /// Whether `text` may hold a pair or a contraction: an apostrophe, two words, or "cannot".
    /// Most listed values are single words or names, answered from their bytes.
    static func mayHold(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x27 || $0 == 0x20 } || text.contains("\u{2019}") || text.lowercased().contains("cannot")
    }

    /// `words` with every pair of ``pairs`` contracted, or nil when none is there.
    static func contracted(_ words: [String]) -> [String]? {
        var out: [String] = []
        var changed = false
        var k = 0
        while k < words.count {
            if k + 1 < words.count, let short = contractionOf[words[k] + " " + words[k + 1]] {
                out.append(short)
                changed = true
                k += 2
            } else if let short = contractionOf[words[k]] {
                out.append(short)
                changed = true
                k += 1
            } else {
                out.append(words[k])
                k += 1
            }
        }
        return changed ? out : nil
    }

    /// `words` with every contraction of ``pairs`` undone, or nil when none is there.
    static func expanded(_ words: [String]) -> [String]? {
        var changed = false
        let out = words.flatMap { word -> [String] in
            let plain = String(word.map { $0 == "\u{2019}" ? "'" : $0 })
            guard let long = expansionOf[plain] else { return [word] }
            changed = true
            return long.split(separator: " ").map(String.init)
        }
        return changed ? out : nil
    }

    /// English contractions and the words they stand for. A contraction of two meanings ("i'd":
    /// "i would", "i had") is undone to the first; possessives ("atlanta's") are no contraction.
    static let pairs: [(short: String, long: String)] = [
        ("i'm", "i am"), ("you're", "you are"), ("we're", "we are"), ("they're", "they are"),
        ("it's", "it is"), ("that's", "that is"), ("what's", "what is"), ("there's", "there is"),
        ("he's", "he is"), ("she's", "she is"), ("who's", "who is"), ("where's", "where is"),
        ("isn't", "is not"), ("aren't", "are not"), ("wasn't", "was not"), ("weren't", "were not"),
        ("don't", "do not"), ("doesn't", "does not"), ("didn't", "did not"), ("can't", "cannot"),
        ("can't", "can not"), ("couldn't", "could not"), ("wouldn't", "would not"),
        ("shouldn't", "should not"), ("won't", "will not"), ("haven't", "have not"), ("hasn't", "has not"),
        ("i'll", "i will"), ("i'd", "i would"), ("i've", "i have"), ("let's", "let us"),
        ("you'll", "you will"), ("you've", "you have"), ("you'd", "you would"), ("we'll", "we will"),
        ("we've", "we have"), ("they'll", "they will"), ("they've", "they have"),
    ]

    /// Pair ("i am") or word ("cannot") → contraction ("i'm", "can't").
    static let contractionOf: [String: String] = {
        var table: [String: String] = [:]
        for (short, long) in pairs { table[long] = short }
        return table
    }()

    /// Contraction → the words it stands for, the first listed meaning.
    static let expansionOf: [String: String] = {
        var table: [String: String] = [:]
        for (short, long) in pairs where table[short] == nil { table[short] = long }
        return table
    }()
}
