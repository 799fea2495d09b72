/// The values the utterance says: listed values and synonyms (the gazetteer), values the
/// built-in parsers read (numbers, dates …) and the caller's dynamic entities.
struct ValueSpanStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        let schema = model.schema
        trace.gazetteer = schema.gazetteer.allMatches(trace.keys)
        trace.builtIns = model.finder.builtInSpans(trace.tokens, context: context.builtIn)
        trace.dynamicSpans = model.dynamicMatches(trace.tokens, context.dynamicEntities)
        // Counted first, so that the flat arrays are allocated once each.
        var spanCount = trace.gazetteer.count + trace.dynamicSpans.count, typeCount = trace.dynamicSpans.count
        for m in trace.gazetteer { typeCount += m.entries.count }
        for b in trace.builtIns {
            if let kind = b.kind, let types = schema.typesOfKind[kind] { spanCount += 1; typeCount += types.count }
        }
        var valueSpans = ValueSpans(tokenCount: trace.tokens.count)
        valueSpans.reserve(spans: spanCount, types: typeCount)
        for m in trace.gazetteer { valueSpans.add(start: m.start, end: m.end, types: m.entries.lazy.map(\.type)) }
        for b in trace.builtIns {
            if let kind = b.kind, let types = schema.typesOfKind[kind] {
                valueSpans.add(start: b.tokens.lowerBound, end: b.tokens.upperBound, types: types)
            }
        }
        for d in trace.dynamicSpans { valueSpans.add(start: d.start, end: d.end, types: CollectionOfOne(d.type)) }
        valueSpans.group()
        trace.valueSpans = valueSpans
    }
}
