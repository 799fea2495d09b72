import InteractionModel

/// Tagger weights shared by the slots that name one kind of value in different roles.
///
/// Skills about trips name their slots as a role and a kind: `depart_date_day_name`,
/// `arrive_date_day_name` and `return_date_day_name`; a booking skill's `fromCity` and
/// `toCity`. The tagger learns each label's weights from that label's own utterances, so a rare
/// label knows little: when few samples name an arrival date, and fewer right after "arrive"
/// or "arriving", the tagger reads "arriving may tenth" as a departure date, though arrival
/// *times* taught it all about "arriving", and departure dates all about "may". Here each such slot's labels get
/// two parts: its role (the first word of its name) and its kind (the rest). A part has weights
/// per attribute like a label, shared by every label carrying it and learnt together with the
/// labels' own weights; when training ends they are added into those weights, so decoding and
/// the model file are as before.
///
/// A slot joins only when another slot has the same kind under another role *and* their values
/// agree: the same slot type, or at least half of the shorter list's values and synonyms in both
/// lists. Names alone would also join `object_name`, `movie_name` and `restaurant_name`,
/// which hold different things, and sharing weights between those costs accuracy.
package enum SlotNameGrid {
    /// The share of the shorter value list that must be in both lists.
    static let valueOverlap = 0.5

    /// Per tagger label (``SlotLabels`` layout, over `schema.slotNames`), the ids of the parts it
    /// carries: a begin and an inside part for the role and for the kind of every slot that
    /// joins. Empty when no slot joins.
    package static func labelParts(schema: SkillSchema) -> [[Int32]] {
        let names = schema.slotNames
        // The last intent's type where intents differ.
        let typeOfSlot = schema.typesOfSlotName.map { $0.last ?? -1 }
        var forms: [Int: Set<String>] = [:]
        func values(_ type: Int) -> Set<String> {
            if let known = forms[type] { return known }
            let t = schema.types[type]
            let set: Set<String> = t.isBuiltIn ? [] : Set(t.surfaceForms.map { $0.text.lowercased() })
            forms[type] = set
            return set
        }
        func agree(_ a: Int, _ b: Int) -> Bool {
            let ta = typeOfSlot[a], tb = typeOfSlot[b]
            guard ta >= 0, tb >= 0 else { return false }
            if ta == tb { return true }
            let A = values(ta), B = values(tb)
            guard !A.isEmpty, !B.isEmpty else { return false }
            return Double(A.intersection(B).count) >= valueOverlap * Double(min(A.count, B.count))
        }
        // (role, kind) of each slot whose name has both.
        let roleAndKind: [(role: String, kind: String)?] = names.map { name in
            let w = Slot.words(inName: name)
            return w.count >= 2 ? (w[0], w.dropFirst().joined(separator: " ")) : nil
        }
        var slotsOfKind: [String: [Int]] = [:]
        for (s, rk) in roleAndKind.enumerated() { if let rk { slotsOfKind[rk.kind, default: []].append(s) } }
        // Each joined slot's labels name their parts; a part only one label carries adds nothing
        // its own weights could not learn, so only parts of two or more labels get an id.
        var partsOfLabel = [[String]](repeating: [], count: SlotLabels.count(slots: names.count))
        for (s, rk) in roleAndKind.enumerated() {
            guard let rk else { continue }
            let joins = slotsOfKind[rk.kind, default: []].contains { other in
                other != s && roleAndKind[other]!.role != rk.role && agree(s, other)
            }
            guard joins else { continue }
            for part in ["role " + rk.role, "kind " + rk.kind] {
                partsOfLabel[Int(SlotLabels.begin(s))].append("B " + part)
                partsOfLabel[Int(SlotLabels.inside(s))].append("I " + part)
            }
        }
        var carriers: [String: Int] = [:]
        for parts in partsOfLabel { for part in parts { carriers[part, default: 0] += 1 } }
        var ids: [String: Int32] = [:]
        for parts in partsOfLabel {
            for part in parts where carriers[part]! >= 2 && ids[part] == nil { ids[part] = Int32(ids.count) }
        }
        guard !ids.isEmpty else { return [] }
        return partsOfLabel.map { parts in parts.compactMap { ids[$0] } }
    }
}
