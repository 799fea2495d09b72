import Foundation
import SkillNLU
import SkillNLUTraining

/// Writes JSON text by hand: compact, keys in a fixed order, fast enough to stream a million
/// results, and free of Foundation's platform differences in number formatting.
public struct JSONText {
    public private(set) var text = ""

    public init() {}

    public mutating func raw(_ s: String) { text += s }

    public mutating func string(_ s: String) {
        text += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029 {
                    text += String(format: "\\u%04x", u.value)
                } else {
                    text.unicodeScalars.append(u)
                }
            }
        }
        text += "\""
    }

    public mutating func number(_ d: Double) {
        guard d.isFinite else { text += "null"; return }
        if d == d.rounded(), abs(d) < 1e15 { text += String(Int64(d)); return }
        text += String(format: "%.6g", d)
    }

    public mutating func number(_ i: Int) { text += String(i) }

    /// `{"k": v, ...}` with the members written by `body` through `key`.
    public mutating func object(_ body: (inout ObjectWriter) -> Void) {
        var w = ObjectWriter(json: self)
        text = ""
        w.json.text += "{"
        body(&w)
        w.json.text += "}"
        self = w.json
    }

    public mutating func array<S: Sequence>(_ items: S, _ element: (inout JSONText, S.Element) -> Void) {
        text += "["
        var first = true
        for item in items {
            if !first { text += "," }
            first = false
            element(&self, item)
        }
        text += "]"
    }

    public struct ObjectWriter {
        var json: JSONText
        var first = true

        public mutating func key(_ k: String, _ value: (inout JSONText) -> Void) {
            if !first { json.text += "," }
            first = false
            json.string(k)
            json.text += ":"
            value(&json)
        }
    }
}

extension JSONText {
    /// The `jsonl` shape of `nlu-classify`: text, intent, alternatives, slots (an object keyed by
    /// slot name), and `truncated` when the input was cut.
    public mutating func result(_ r: NLUResult, explanation: Explanation? = nil) {
        object { o in o.result(r, explanation: explanation) }
    }

    /// `--hypotheses`: the chosen reading in the `jsonl` shape, plus `hypothesis` (its place in
    /// the recogniser's list, from 0) and `hypotheses` (every reading, best joint score first:
    /// `index`, `text`, the recogniser `confidence` used, `intent`, `score`).
    public mutating func nbest(_ n: NBestResult) {
        object { o in
            o.result(n.result, explanation: nil)
            o.key("hypothesis") { $0.number(n.chosenIndex) }
            o.key("hypotheses") { j in
                j.array(n.readings) { j, r in
                    j.object { ro in
                        ro.key("index") { $0.number(r.index) }
                        ro.key("text") { $0.string(r.hypothesis.text) }
                        ro.key("confidence") { $0.number((r.recogniserConfidence * 10_000).rounded() / 10_000) }
                        ro.key("intent") { j in if let i = r.result.intent { j.string(i.name) } else { j.raw("null") } }
                        ro.key("score") { $0.number((r.score.total * 10_000).rounded() / 10_000) }
                    }
                }
            }
        }
    }
}

extension JSONText.ObjectWriter {
    /// The members of the `jsonl` result object.
    mutating func result(_ r: NLUResult, explanation: Explanation?) {
        key("text") { $0.string(r.text) }
        key("intent") { j in
            if let i = r.intent { j.hypothesis(i) } else { j.raw("null") }
        }
        key("alternatives") { $0.array(r.alternatives) { $0.hypothesis($1) } }
        key("slots") { j in
            j.object { so in
                for s in r.slots { so.key(s.name) { $0.slot(s, withValues: true) } }
            }
        }
        if !r.repeatedSlots.isEmpty {
            key("repeatedSlots") { $0.array(r.repeatedSlots) { $0.slot($1, withValues: false) } }
        }
        if r.truncated { key("truncated") { $0.raw("true") } }
        if let explanation { key("explanation") { $0.explanation(explanation) } }
    }
}

extension JSONText {
    mutating func hypothesis(_ h: IntentHypothesis) {
        object { o in
            o.key("name") { $0.string(h.name) }
            o.key("confidence") { $0.number((h.confidence * 10_000).rounded() / 10_000) }
        }
    }

    mutating func slot(_ s: SlotValue, withValues: Bool) {
        object { o in
            o.key("name") { $0.string(s.name) }
            o.key("type") { $0.string(s.type) }
            o.key("value") { $0.string(s.value) }
            o.key("rawValue") { $0.string(s.rawValue) }
            o.key("start") { $0.number(s.start) }
            o.key("end") { $0.number(s.end) }
            o.key("confidence") { $0.number((s.confidence * 10_000).rounded() / 10_000) }
            if let res = s.resolutions { o.key("resolutions") { $0.resolutions(res) } }
            if withValues, let values = s.values {
                o.key("values") { $0.array(values) { $0.slot($1, withValues: false) } }
            }
        }
    }

    public mutating func resolutions(_ r: Resolutions) {
        object { o in
            o.key("resolutionsPerAuthority") { j in
                j.array(r.resolutionsPerAuthority) { j, a in
                    j.object { ao in
                        ao.key("authority") { $0.string(a.authority) }
                        ao.key("status") { s in s.object { $0.key("code") { $0.string(a.status.code.rawValue) } } }
                        ao.key("values") { j in
                            j.array(a.values) { j, v in
                                j.object { vo in
                                    vo.key("value") { j in
                                        j.object { no in
                                            no.key("name") { $0.string(v.value.name) }
                                            if let id = v.value.id { no.key("id") { $0.string(id) } }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension JSONText {
    /// `--explain`'s object: `decidedBy`, `rules` (the rules that decided, in order, each
    /// `{"rule", "intent", "value", "threshold", "matcher", "reason"}` as far as it has them), `matchedSample`
    /// (exact matches), `matcher` (the app's matcher that decided), `considered`
    /// (`{"intent", "score"}`, best first; the intents joint decoding read add
    /// `slotLogProbability`, `jointScore` and, with a carrier classifier, `carrierProbability`), `fallbackThreshold` (models with
    /// AMAZON.FallbackIntent), `fallbackRequiredProbability` (when the model taught that
    /// intent from generated negatives only), `slots` (keyed by slot name, each with `foundBy`; a
    /// multiple-value slot adds `values`), `features` (`{"feature", "weight"}`) and
    /// `featuresFor`; `contextual` (`{"intent", "probability", "fastIntent", "unseenWordShare"}`) when the
    /// contextual tier's encoder ran.
    public mutating func explanation(_ e: Explanation) {
        object { o in
            o.key("decidedBy") { $0.string(e.decidedBy.rawValue) }
            o.key("rules") { j in
                j.array(e.rules) { j, r in
                    j.object { ro in
                        ro.key("rule") { $0.string(r.kind.rawValue) }
                        if let intent = r.intent { ro.key("intent") { $0.string(intent) } }
                        if let v = r.value { ro.key("value") { $0.number((v * 10_000).rounded() / 10_000) } }
                        if let t = r.threshold { ro.key("threshold") { $0.number((t * 10_000).rounded() / 10_000) } }
                        if let m = r.matcher { ro.key("matcher") { $0.string(m) } }
                        if let reason = r.reason { ro.key("reason") { $0.string(reason) } }
                    }
                }
            }
            if let c = e.contextual {
                o.key("contextual") { j in
                    j.object { co in
                        co.key("intent") { $0.string(c.intent) }
                        co.key("probability") { $0.number((c.probability * 10_000).rounded() / 10_000) }
                        co.key("fastIntent") { $0.string(c.fastIntent) }
                        co.key("unseenWordShare") { $0.number((c.unseenWordShare * 10_000).rounded() / 10_000) }
                    }
                }
            }
            if let sample = e.matchedSample { o.key("matchedSample") { $0.string(sample) } }
            if let matcher = e.matcher { o.key("matcher") { $0.string(matcher) } }
            o.key("considered") { j in
                j.array(e.considered) { j, c in
                    j.object { co in
                        co.key("intent") { $0.string(c.intent) }
                        co.key("score") { $0.number((c.score * 10_000).rounded() / 10_000) }
                        if let v = c.slotLogProbability { co.key("slotLogProbability") { $0.number(v) } }
                        if let v = c.carrierProbability { co.key("carrierProbability") { $0.number(v) } }
                        if let v = c.jointScore { co.key("jointScore") { $0.number(v) } }
                    }
                }
            }
            if let t = e.fallbackThreshold { o.key("fallbackThreshold") { $0.number((t * 10_000).rounded() / 10_000) } }
            if let p = e.fallbackRequiredProbability { o.key("fallbackRequiredProbability") { $0.number((p * 10_000).rounded() / 10_000) } }
            var bySlot: [(name: String, values: [Explanation.Slot])] = []
            for s in e.slots {
                if let k = bySlot.firstIndex(where: { $0.name == s.name }) { bySlot[k].values.append(s) } else { bySlot.append((s.name, [s])) }
            }
            o.key("slots") { j in
                j.object { so in
                    for entry in bySlot {
                        so.key(entry.name) { j in
                            j.explainedSlot(entry.values[0], more: entry.values.count > 1 ? entry.values : nil)
                        }
                    }
                }
            }
            o.key("features") { j in
                j.array(e.features) { j, f in
                    j.object { fo in
                        fo.key("feature") { $0.string(f.feature) }
                        fo.key("weight") { $0.number(f.weight) }
                    }
                }
            }
            if let intent = e.featuresFor { o.key("featuresFor") { $0.string(intent) } }
        }
    }

    mutating func explainedSlot(_ s: Explanation.Slot, more: [Explanation.Slot]?) {
        object { o in
            o.key("foundBy") { $0.string(s.foundBy.rawValue) }
            o.key("fromSample") { $0.raw(s.fromSample ? "true" : "false") }
            o.key("rawValue") { $0.string(s.rawValue) }
            o.key("value") { $0.string(s.value) }
            if let r = s.resolution { o.key("resolution") { $0.string(r) } }
            if let n = s.resolvedName { o.key("resolvedName") { $0.string(n) } }
            if let id = s.resolvedId { o.key("resolvedId") { $0.string(id) } }
            if let more { o.key("values") { $0.array(more) { $0.explainedSlot($1, more: nil) } } }
        }
    }
}
