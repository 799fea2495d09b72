/// The values the utterance says: listed values and synonyms (the gazetteer), values the
/// built-in parsers read (numbers, dates …) and the caller's dynamic entities.
struct ValueSpanStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        let schema = model.schema
        trace.gazetteer = schema.gazetteer.allMatches(trace.keys)
        var valueSpans = [[(end: Int, types: [Int32])]](repeating: [], count: trace.tokens.count)
        for m in trace.gazetteer { valueSpans[m.start].append((m.end, m.entries.map(\.type))) }
        trace.builtIns = model.finder.builtInSpans(trace.tokens, context: context.builtIn)
        for b in trace.builtIns {
            if let kind = b.kind, let types = schema.typesOfKind[kind] { valueSpans[b.tokens.lowerBound].append((b.tokens.upperBound, types)) }
        }
        trace.dynamicSpans = model.dynamicMatches(trace.tokens, context.dynamicEntities)
        for d in trace.dynamicSpans { valueSpans[d.start].append((d.end, [d.type])) }
        trace.valueSpans = valueSpans
    }
}
