import Testing
@testable import SkillDialog

@Suite struct YesNoAnswerTests {
    @Test(arguments: ["yes", "Yeah!", "yes please", "sure thing", "that's right", "OK", "of course", "go ahead"])
    func yes(_ text: String) { #expect(YesNoAnswer.parse(text) == .yes) }

    @Test(arguments: ["no", "Nope.", "no thanks", "not really", "nah", "that's wrong", "no, make it large"])
    func no(_ text: String) { #expect(YesNoAnswer.parse(text) == .no) }

    @Test(arguments: ["I'm not sure", "maybe", "purple", "", "yes no", "I know"])
    func neither(_ text: String) { #expect(YesNoAnswer.parse(text) == nil) }

    @Test func otherLanguagesAndIntents() {
        #expect(YesNoAnswer.parse("Ja, genau", locale: "de-DE") == .yes)
        #expect(YesNoAnswer.parse("nein danke", locale: "de-DE") == .no)
        #expect(YesNoAnswer.parse("Sí, claro", locale: "es-ES") == .yes)
        #expect(YesNoAnswer.parse("non merci", locale: "fr-FR") == .no)
        #expect(YesNoAnswer.parse("はい", locale: "ja-JP") == .yes)
        #expect(YesNoAnswer.parse("जी हाँ", locale: "hi-IN") == .yes)
        #expect(YesNoAnswer.parse("नहीं", locale: "hi-IN") == .no)
        #expect(YesNoAnswer.parse("पता नहीं", locale: "hi-IN") == nil)
        #expect(YesNoAnswer.parse("نعم", locale: "ar-SA") == .yes)
        #expect(YesNoAnswer.parse("لا شكرا", locale: "ar-SA") == .no)
        #expect(YesNoAnswer.parse("لا أعرف", locale: "ar-SA") == nil)
        #expect(YesNoAnswer.from(intentName: "AMAZON.YesIntent") == .yes)
        #expect(YesNoAnswer.from(intentName: "AMAZON.NoIntent") == .no)
        #expect(YesNoAnswer.from(intentName: "AMAZON.HelpIntent") == nil)
    }
}

@Suite struct NumberAnswerTests {
    @Test func numbers() {
        #expect(NumberAnswer.parse("three") == .number(3))
        #expect(NumberAnswer.parse("42") == .number(42))
        #expect(NumberAnswer.parse("2.5 kilos") == .number(2.5))
        #expect(NumberAnswer.parse("10,000") == .number(10_000))
        #expect(NumberAnswer.parse("twenty-one") == .number(21))
        #expect(NumberAnswer.parse("twenty one") == .number(21))
        #expect(NumberAnswer.parse("one hundred and five") == .number(105))
        #expect(NumberAnswer.parse("a thousand two hundred") == .number(1200))
        #expect(NumberAnswer.parse("two million three hundred thousand") == .number(2_300_000))
        #expect(NumberAnswer.parse("minus four") == .number(-4))
        #expect(NumberAnswer.parse("for four people") == .number(4))
        #expect(NumberAnswer.parse("none") == nil)
    }

    @Test func ordinals() {
        #expect(NumberAnswer.parse("the third one") == .ordinal(3))
        #expect(NumberAnswer.parse("3rd") == .ordinal(3))
        #expect(NumberAnswer.parse("the twenty-first") == .ordinal(21))
        #expect(NumberAnswer.parse("twenty first") == .ordinal(21))
        #expect(NumberAnswer.parse("one hundredth") == .ordinal(100))
        #expect(NumberAnswer.parse("the last one") == .last)
    }

    @Test func otherLanguages() {
        #expect(NumberAnswer.parse("drei", locale: "de-DE") == .number(3))
        #expect(NumberAnswer.parse("die dritte", locale: "de-DE") == .ordinal(3))
        #expect(NumberAnswer.parse("der letzte", locale: "de-DE") == .last)
        #expect(NumberAnswer.parse("veintitrés personas", locale: "es-ES") == .number(23))
        #expect(NumberAnswer.parse("la última", locale: "es-ES") == .last)
        #expect(NumberAnswer.parse("三番目", locale: "ja-JP") == .ordinal(3))
        #expect(NumberAnswer.parse("पाँच", locale: "hi-IN") == .number(5))
        #expect(NumberAnswer.parse("ثلاثة", locale: "ar-SA") == .number(3))
        // English words are not numbers in German.
        #expect(NumberAnswer.parse("three", locale: "de-DE") == nil)
    }

    @Test func positionsInALists() {
        #expect(NumberAnswer.ordinal(2).index(in: 3) == 1)
        #expect(NumberAnswer.number(3).index(in: 3) == 2)
        #expect(NumberAnswer.last.index(in: 3) == 2)
        #expect(NumberAnswer.ordinal(4).index(in: 3) == nil)
        #expect(NumberAnswer.number(1.5).index(in: 3) == nil)
    }
}

@Suite struct ChoiceSetTests {
    let payment = ChoiceSet([
        ChoiceOption(id: "cash", names: ["Cash", "Dollars", "Bills"]),
        ChoiceOption(id: "card", names: ["Card", "Credit card", "Visa"]),
        ChoiceOption(id: "gift", names: ["Gift voucher"]),
    ])

    @Test func byNameAndAlias() {
        #expect(payment.match("cash")?.id == "cash")
        #expect(payment.match("I'll pay in dollars")?.id == "cash")
        #expect(payment.match("a bill")?.id == "cash", "a plural alias matches its singular")
        #expect(payment.match("with my credit card")?.id == "card")
        #expect(payment.match("gift voucher please")?.id == "gift")
        #expect(payment.match("voucher") == nil, "a part of a name is not the name")
        #expect(payment.match("gift")?.id == "gift", "the id is a name too")
    }

    @Test func byPosition() {
        #expect(payment.match("the second one")?.id == "card")
        #expect(payment.match("number three")?.id == "gift")
        #expect(payment.match("the last")?.id == "gift")
        #expect(payment.match("the fifth") == nil)
        let noPositions = ChoiceSet(["red", "green"], acceptsPositions: false)
        #expect(noPositions.match("the first") == nil)
    }

    @Test func ambiguityAndSeveralChoices() {
        #expect(payment.match("cash or card") == nil)
        #expect(payment.matches("card and then cash").map(\.id) == ["card", "cash"])
        #expect(payment.match("bitcoin") == nil)
    }
}

@Suite struct PatternTemplateTests {
    @Test func typedParameters() throws {
        let pieces = ChoiceSet([ChoiceOption("knight", aliases: ["horse"]), ChoiceOption("bishop"), ChoiceOption("rook")])
        let move = try PatternTemplate("[please] move [the] @piece:Piece to @column:Number", types: ["Piece": pieces])
        let a = try #require(move.match("Move the horse to seven"))
        #expect(a["piece"] == .choice(ChoiceOption("knight", aliases: ["horse"])))
        #expect(a["column"] == .number(7))
        let b = try #require(move.match("please move bishop to 3"))
        #expect(b["piece"]?.stringValue == "bishop")
        #expect(b["column"]?.stringValue == "3")
        #expect(move.match("move the queen to seven") == nil, "the piece must be one of the choices")
        #expect(move.match("move the rook to seven now") == nil, "the whole utterance must match")
        #expect(move.match("move the rook") == nil)
    }

    @Test func freeTextWordsAndOrdinals() throws {
        let remind = try PatternTemplate("remind me to @task at @hour:Number")
        let r = try #require(remind.match("Remind me to water the plants at five"))
        #expect(r["task"] == .text("water the plants"))
        #expect(r["hour"] == .number(5))
        let pick = try PatternTemplate("pick the @n:Ordinal @thing:Word")
        let p = try #require(pick.match("pick the second card"))
        #expect(p["n"] == .ordinal(2))
        #expect(p["thing"] == .text("card"))
        #expect(pick.match("pick the second red card") == nil)
    }

    @Test func numbersBackOffToAShorterReading() throws {
        let add = try PatternTemplate("add @a:Number and @b:Number")
        #expect(add.match("add twenty one and two")?["a"] == .number(21))
        // "one hundred five" is 105, but read so nothing is left for the second number.
        let pair = try PatternTemplate("score @home:Number @away:Number")
        let s = try #require(pair.match("score one hundred five"))
        #expect(s["home"] == .number(100))
        #expect(s["away"] == .number(5))
        let t = try #require(pair.match("score minus four two"))
        #expect(t["home"] == .number(-4))
        #expect(t["away"] == .number(2))
        #expect(try PatternTemplate("take @n:Number").match("take twenty first") == nil,
                "a number that begins an ordinal is not a number")
    }

    @Test func numbersAndPositionsInTheTemplatesLanguage() throws {
        let move = try PatternTemplate("setze @n:Number punkte", locale: "de-DE")
        #expect(move.match("Setze siebenundzwanzig Punkte")?["n"] == .number(27))
        #expect(move.match("setze seven punkte") == nil, "English number words are not German ones")
        let colours = ChoiceSet(["rot", "grün", "blau"], locale: "de-DE")
        let take = try PatternTemplate("nimm [die] @farbe:Farbe", types: ["Farbe": colours], locale: "de-DE")
        #expect(take.match("nimm die zweite")?["farbe"]?.stringValue == "grün")
        #expect(take.match("nimm die letzte")?["farbe"]?.stringValue == "blau")
        #expect(take.match("nimm die vierte") == nil, "there is no fourth colour")
        let pick = try PatternTemplate("elige la @n:Ordinal", locale: "es-ES")
        #expect(pick.match("elige la tercera")?["n"] == .ordinal(3))
        let japanese = try PatternTemplate("@n:Ordinal を選んで", locale: "ja-JP")
        #expect(japanese.match("三番目を選んで")?["n"] == .ordinal(3))
    }

    @Test func malformedTemplatesAreTypedErrors() {
        #expect(throws: PatternTemplateError.unknownType("go @where:Place", "Place")) { try PatternTemplate("go @where:Place") }
        #expect(throws: PatternTemplateError.unclosedBracket("go [now")) { try PatternTemplate("go [now") }
        #expect(throws: PatternTemplateError.badParameter("go @", "")) { try PatternTemplate("go @") }
    }
}
