/// Puts number atoms together left to right and says, after each one, whether what it has
/// read so far is a whole number.
///
/// The rules are the ones every table shares: units add within a group, multipliers
/// multiply the count before them ("twenty five hundred", 二百), scales close a group and
/// must shrink ("two million three thousand"), a point starts digits read one by one.
/// Language differences are flags from the table (units before tens, vigesimal tens).
struct NumberComposer {
    let unitsBeforeTens: Bool
    let vigesimal: Bool
    let ordinalMayPrecedeCardinal: Bool
    /// Whether ordinal words may follow each other ("vigésimo tercero").
    let additiveOrdinals: Bool

    private(set) var total: Int64 = 0
    private(set) var current: Int64 = 0
    private var lastScale: Int64 = .max
    private(set) var numberAtoms = 0
    private(set) var negative = false
    private var pendingArticle = false
    private var pendingConjunction = false
    private var lastKind: NumberAtom.Kind?
    private var lastSmall: Int64 = -1
    private(set) var ordinal = false
    private(set) var inFraction = false
    private(set) var fraction = DecimalDigits()
    private(set) var fromLiteral = false
    private var literalFraction = DecimalDigits()

    init(lexicon: NumberLexicon) {
        unitsBeforeTens = lexicon.unitsBeforeTens
        vigesimal = lexicon.vigesimal
        ordinalMayPrecedeCardinal = lexicon.ordinalMayPrecedeCardinal
        additiveOrdinals = lexicon.additiveOrdinals
    }

    /// A whole number has been read (nothing is left hanging, such as "a" or "and").
    var isComplete: Bool {
        (numberAtoms > 0 || !fraction.isEmpty) && !pendingArticle && !pendingConjunction
            && !(inFraction && fraction.isEmpty)
    }

    var value: Int64 { total &+ current }

    /// Digits after the point: read as words, or typed.
    var fractionDigits: DecimalDigits { inFraction ? fraction : literalFraction }

    /// Feeds a typed number; only the first number atom may be one.
    mutating func feed(_ literal: NumberLiteral) -> Bool {
        if inFraction {
            guard literal.isPlainInteger, let digits = DecimalDigits(literal.digits) else { return false }
            return fraction.append(digits)
        }
        guard numberAtoms == 0, !pendingArticle, literal.clock == nil, let v = literal.value else { return false }
        if literal.ordinalSuffix { ordinal = true }
        guard let f = DecimalDigits(literal.fraction) else { return false }
        current = v
        literalFraction = f
        fromLiteral = true
        numberAtoms = 1
        lastKind = .small
        lastSmall = v
        return true
    }

    /// Feeds one atom; false when it cannot continue the number.
    mutating func feed(_ atom: NumberAtom) -> Bool {
        if inFraction { return feedFraction(atom) }
        guard mayFollow(atom) else { return false }
        switch atom.kind {
        case .negative:
            guard numberAtoms == 0, !negative, !pendingArticle else { return false }
            negative = true
            return true
        case .article:
            guard numberAtoms == 0, !pendingArticle else { return false }
            pendingArticle = true
            return true
        case .conjunction:
            guard numberAtoms > 0, !pendingConjunction else { return false }
            pendingConjunction = true
            return true
        case .point:
            guard !ordinal, !pendingConjunction, !pendingArticle, literalFraction.isEmpty else { return false }
            inFraction = true
            return true
        case .zeroDigit, .repeatDigit:
            return false
        case .small:
            guard addSmall(atom) else { return false }
        case .hundreds:
            guard !pendingArticle, current % 1000 == 0 else { return false }
            if numberAtoms > 0, lastKind == .small || lastKind == .hundreds { return false }
            current += atom.value
        case .multiplier:
            guard multiply(by: atom) else { return false }
        case .scale:
            guard closeGroup(with: atom) else { return false }
        }
        if atom.ordinal { ordinal = true }
        numberAtoms += 1
        lastKind = atom.kind
        pendingConjunction = false
        return true
    }

    /// A digit after the decimal point ("two point five").
    private mutating func feedFraction(_ atom: NumberAtom) -> Bool {
        switch atom.kind {
        case .small where !atom.ordinal:
            return fraction.append(atom.value)
        case .zeroDigit:
            return fraction.append(0)
        default:
            return false
        }
    }

    /// Whether `atom` may follow what was read: after an ordinal or typed digits only some may.
    private func mayFollow(_ atom: NumberAtom) -> Bool {
        if ordinal {
            // After an ordinal word only more ordinal words (Spanish) or, in Arabic, the
            // cardinal part of a compound ordinal may follow.
            if atom.ordinal { guard additiveOrdinals || ordinalMayPrecedeCardinal else { return false } }
            else if !ordinalMayPrecedeCardinal || !(atom.isNumber || atom.kind == .conjunction) { return false }
        }
        if fromLiteral {
            // "3 million", "1.5 thousand", 3万: only a scale or multiplier may follow digits.
            guard atom.kind == .scale || atom.kind == .multiplier, !ordinal else { return false }
        }
        return true
    }

    /// A units, teens or tens word, when it fits after what came before ("twenty" then "three",
    /// not "three" then "twenty" except where units come first).
    private mutating func addSmall(_ atom: NumberAtom) -> Bool {
        guard !pendingArticle else { return false }
        let v = atom.value
        if numberAtoms > 0 {
            let s = current % 100
            if lastKind == .small && lastSmall == 0 { return false }
            if v == 0 { return false }
            let fits: Bool
            if s == 0 {
                fits = lastKind != .small
            } else if s % 10 == 0 && s >= 10 && v < 10 {
                fits = true
            } else if unitsBeforeTens && s < 10 && (v == 10 || (v >= 20 && v % 10 == 0)) && lastKind == .small {
                fits = true
            } else if vigesimal && (s == 60 || s == 80) && v >= 10 && v < 20 {
                fits = true
            } else {
                fits = false
            }
            guard fits else { return false }
        }
        current += v
        lastSmall = v
        return true
    }

    /// A word that multiplies what precedes it within a group (hundred; 百, 千).
    private mutating func multiply(by atom: NumberAtom) -> Bool {
        let m = atom.value
        var part = current % m
        let base = current - part
        if pendingArticle {
            guard part == 0 else { return false }
            part = 1
            pendingArticle = false
        } else if part == 0 {
            if numberAtoms > 0 && lastKind == .small { return false }
            part = 1
        } else if lastKind != .small && lastKind != .hundreds {
            return false
        }
        guard part <= atom.maxFactor, base % (m * 10) == 0 else { return false }
        let (product, overflow) = part.multipliedReportingOverflow(by: m)
        guard !overflow else { return false }
        current = base + product
        return true
    }

    /// A scale word that closes a group (thousand, million; 万, 億), with a typed fraction
    /// before it ("1.5 million") when the product is whole.
    private mutating func closeGroup(with atom: NumberAtom) -> Bool {
        let m = atom.value
        guard m < lastScale else { return false }
        var count = current
        if pendingArticle {
            guard count == 0 else { return false }
            count = 1
            pendingArticle = false
        } else if count == 0 {
            if numberAtoms > 0 && lastKind == .small { return false }
            count = atom.defaultCount
        }
        let (product, overflow) = count.multipliedReportingOverflow(by: m)
        guard !overflow else { return false }
        var add = product
        if !literalFraction.isEmpty {
            // "1.5 million": exact only when the fraction times the scale is whole.
            guard literalFraction.count <= 18 else { return false }
            let f = Int64(literalFraction.value)
            var denominator: Int64 = 1
            for _ in 0..<literalFraction.count { denominator *= 10 }
            let (fm, o2) = f.multipliedReportingOverflow(by: m)
            guard !o2, fm % denominator == 0 else { return false }
            add += fm / denominator
            literalFraction = DecimalDigits()
        }
        let (sum, o3) = total.addingReportingOverflow(add)
        guard !o3 else { return false }
        total = sum
        current = 0
        lastScale = m
        return true
    }
}
