/// The figures of ``EvaluationReportHTML`` as one JSON object, for scripts and dashboards:
/// `source`, `overall`, `intents` and `slots` (worst F1 first), the whole `confusion` matrix
/// (`intents` and `matrix`, rows expected and columns answered), `confusedPairs`,
/// `confidenceBins`, and every `wrong` answer. Ratios are rounded to four decimals.
public enum EvaluationReportJSON {
    public static func render(_ f: EvaluationFigures) -> String {
        var j = JSONText()
        j.object { o in
            o.key("source") { j in
                j.object { s in
                    s.key("title") { $0.string(f.source.title) }
                    s.key("annotations") { $0.string(f.source.annotations) }
                    s.key("modelDigest") { $0.string(f.source.modelDigest) }
                    s.key("command") { $0.string(f.source.command) }
                }
            }
            o.key("overall") { j in
                j.object { s in
                    s.key("utterances") { $0.number(f.total) }
                    s.key("intentAccuracy") { $0.number(rounded(f.intentAccuracy)) }
                    s.key("macroIntentF1") { $0.number(rounded(f.macroIntentF1)) }
                    s.key("passed") { $0.number(f.passed) }
                    s.key("passRate") { $0.number(rounded(f.passRate)) }
                    s.key("slotPrecision") { $0.number(rounded(f.slotTotal.precision)) }
                    s.key("slotRecall") { $0.number(rounded(f.slotTotal.recall)) }
                    s.key("slotF1") { $0.number(rounded(f.slotTotal.f1)) }
                    s.key("expectedCalibrationError") { $0.number(rounded(f.expectedCalibrationError)) }
                }
            }
            o.key("intents") { j in
                j.array(f.intentScores) { j, s in
                    j.object { e in
                        e.key("intent") { $0.string(s.intent) }
                        scores(&e, s.precision, s.recall, s.f1)
                        e.key("support") { $0.number(s.support) }
                        e.key("answered") { $0.number(s.predicted) }
                    }
                }
            }
            o.key("slots") { j in
                j.array(f.slotScores) { j, s in
                    j.object { e in
                        e.key("slot") { $0.string(s.slot) }
                        scores(&e, s.count.precision, s.count.recall, s.count.f1)
                        e.key("expected") { $0.number(s.count.expected) }
                        e.key("found") { $0.number(s.count.found) }
                        e.key("right") { $0.number(s.count.correct) }
                    }
                }
            }
            o.key("confusion") { j in
                j.object { c in
                    c.key("intents") { $0.array(f.intents) { $0.string($1) } }
                    c.key("matrix") { $0.array(f.confusion) { j, row in j.array(row) { $0.number($1) } } }
                }
            }
            o.key("confusedPairs") { j in
                j.array(f.confusedPairs) { j, p in
                    j.object { e in
                        e.key("expected") { $0.string(p.expected) }
                        e.key("actual") { $0.string(p.actual) }
                        e.key("count") { $0.number(p.count) }
                    }
                }
            }
            o.key("confidenceBins") { j in j.array(f.confidenceBins) { $0.bin($1) } }
            o.key("wrong") { j in j.array(f.wrongAnswers) { $0.wrongAnswer($1) } }
        }
        return j.text + "\n"
    }

    static func scores(_ e: inout JSONText.ObjectWriter, _ p: Double, _ r: Double, _ f1: Double) {
        e.key("precision") { $0.number(rounded(p)) }
        e.key("recall") { $0.number(rounded(r)) }
        e.key("f1") { $0.number(rounded(f1)) }
    }

    static func rounded(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
}

extension JSONText {
    mutating func bin(_ b: EvaluationFigures.ConfidenceBin) {
        object { e in
            e.key("lower") { $0.number(b.lower) }
            e.key("upper") { $0.number(b.upper) }
            e.key("right") { $0.number(b.right) }
            e.key("wrong") { $0.number(b.wrong) }
            e.key("accuracy") { $0.number(EvaluationReportJSON.rounded(b.accuracy)) }
            e.key("meanConfidence") { $0.number(EvaluationReportJSON.rounded(b.meanConfidence)) }
        }
    }

    mutating func wrongAnswer(_ a: EvaluationFigures.Answer) {
        func slots(_ j: inout JSONText, _ pairs: [EvaluationFigures.SlotPair]) {
            j.array(pairs) { j, p in j.object { s in s.key("slot") { $0.string(p.name) }; s.key("value") { $0.string(p.value) } } }
        }
        object { e in
            e.key("utterance") { $0.string(a.utterance) }
            e.key("place") { $0.string(a.place) }
            e.key("expected") { j in
                j.object { x in
                    x.key("intent") { $0.string(a.expectedIntent) }
                    x.key("slots") { slots(&$0, a.expectedSlots) }
                }
            }
            e.key("actual") { j in
                j.object { x in
                    x.key("intent") { $0.string(a.actualIntent) }
                    x.key("confidence") { $0.number(EvaluationReportJSON.rounded(a.confidence)) }
                    x.key("slots") { slots(&$0, a.foundSlots) }
                }
            }
            e.key("alternatives") { j in
                j.array(a.alternatives) { j, h in
                    j.object { x in
                        x.key("intent") { $0.string(h.name) }
                        x.key("confidence") { $0.number(EvaluationReportJSON.rounded(h.confidence)) }
                    }
                }
            }
            e.key("decidedBy") { $0.string(a.decidedBy.rawValue) }
        }
    }
}
