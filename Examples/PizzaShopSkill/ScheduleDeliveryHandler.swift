import SkillDialog

/// Schedules delivery or pickup of the current order (the dialog model asks which, and checks
/// the date is within a week).
struct ScheduleDeliveryHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getIntentName(input.requestEnvelope) == PizzaShop.Intents.scheduleDelivery
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        let envelope = input.requestEnvelope
        guard Alexa.getDialogState(envelope) == .completed else {
            return input.responseBuilder.addDelegateDirective().getResponse()
        }
        var record = try input.shopRecord
        let current = input.attributesManager.sessionAttributes["currentOrder"]?.intValue
        guard var order = current.flatMap(record.order(number:)) ?? record.lastOpenOrder, order.status != .cancelled else {
            return input.responseBuilder.speak("There's no order to deliver yet. Would you like to order a pizza?")
                .reprompt("Would you like to order a pizza?").getResponse()
        }
        let pickup = input.canonicalValue(of: "method") == "pickup"
        var when: [String] = []
        if let date = Alexa.getSlotValue(envelope, "date") { when.append("on \(date)") }
        if let time = Alexa.getSlotValue(envelope, "time") { when.append("at \(time)") }
        if when.isEmpty, let delay = Alexa.getSlotValue(envelope, "delay") { when.append("in \(Self.spoken(duration: delay))") }
        let timing = when.isEmpty ? (pickup ? "in about twenty minutes" : "as soon as possible") : when.joined(separator: " ")
        order.status = .scheduled
        order.fulfilment = pickup ? "ready for pickup \(timing)" : "delivered \(timing)"
        record.update(order)
        try input.saveShopRecord(record)
        let speech = pickup ? "Order \(order.number) will be ready for pickup \(timing)."
            : "We'll deliver order \(order.number) \(timing)."
        return input.responseBuilder.speak(speech + " Anything else?").reprompt("Anything else?").getResponse()
    }

    /// "PT30M" → "30 minutes", "PT1H" → "1 hour".
    static func spoken(duration: String) -> String {
        guard let d = ISODuration(duration) else { return duration }
        var parts: [String] = []
        func add(_ n: Int, _ unit: String) { if n > 0 { parts.append("\(n) \(unit)\(n == 1 ? "" : "s")") } }
        add(d.days + d.weeks * 7, "day")
        add(d.hours, "hour")
        add(d.minutes, "minute")
        return parts.isEmpty ? duration : parts.joined(separator: " and ")
    }
}
