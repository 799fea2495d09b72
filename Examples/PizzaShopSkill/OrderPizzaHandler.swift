import SkillDialog

/// Places the order once the dialog model has collected and confirmed it, then chains to
/// ScheduleDeliveryIntent so the customer is asked "delivery or pickup?" straight away.
struct OrderPizzaHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getIntentName(input.requestEnvelope) == PizzaShop.Intents.orderPizza
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        let envelope = input.requestEnvelope
        // With auto delegation this handler only sees COMPLETED; delegate otherwise, so the
        // skill also works if the model switches to SKILL_RESPONSE.
        guard Alexa.getDialogState(envelope) == .completed else {
            return input.responseBuilder.addDelegateDirective().getResponse()
        }
        if Alexa.getIntentConfirmationStatus(envelope) == .denied {
            return input.responseBuilder.speak("Okay, I won't place that order. What else can I do for you?")
                .reprompt("What else can I do for you?").getResponse()
        }
        let quantity = max(1, Int(Alexa.getSlotValue(envelope, "quantity") ?? "") ?? 1)
        let size = input.canonicalValue(of: "size") ?? "medium"
        let pizza = input.canonicalValue(of: "pizza") ?? "margherita"
        let crust = input.canonicalValue(of: "crust") ?? "hand tossed"
        let toppings = input.canonicalValues(of: "toppings")

        var record = try input.shopRecord
        let order = Order(number: record.nextOrderNumber, quantity: quantity, size: size, pizza: pizza, crust: crust,
                          toppings: toppings,
                          priceInCents: Menu.price(quantity: quantity, size: size, toppings: toppings.count))
        record.nextOrderNumber += 1
        record.orders.append(order)
        try input.saveShopRecord(record)
        input.attributesManager.sessionAttributes["currentOrder"] = .number(Double(order.number))

        return input.responseBuilder
            .speak("Order \(order.number) is placed: \(order.summary). That comes to \(Menu.dollars(order.priceInCents)).")
            .withSimpleCard("Order \(order.number)", "\(order.summary) — \(Menu.dollars(order.priceInCents))")
            .addDelegateDirective(updatedIntent: IntentRequest.Intent(name: PizzaShop.Intents.scheduleDelivery))
            .getResponse()
    }
}

extension HandlerInput {
    /// The slot's canonical value (entity resolution), else what the user said.
    func canonicalValue(of slot: String) -> String? {
        Alexa.getResolvedSlotValue(requestEnvelope, slot)?.name ?? Alexa.getSlotValue(requestEnvelope, slot)
    }

    /// Each value of a multiple-value slot, canonical where it resolved.
    func canonicalValues(of slot: String) -> [String] {
        guard let filled = Alexa.getSlot(requestEnvelope, slot) else { return [] }
        return filled.resolvedValues.map { value, resolutions in
            let single = IntentRequest.Slot(name: slot, value: value, resolutions: resolutions)
            return single.resolved?.name ?? value
        }
    }
}
