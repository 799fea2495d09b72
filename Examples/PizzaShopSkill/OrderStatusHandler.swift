import SkillDialog

/// Tells where an order stands: the one named by number, else the customer's latest.
struct OrderStatusHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getIntentName(input.requestEnvelope) == PizzaShop.Intents.orderStatus
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        let record = try input.shopRecord
        let asked = Alexa.getSlotValue(input.requestEnvelope, "orderNumber").flatMap { Int($0) }
        let speech: String
        if let asked {
            speech = record.order(number: asked).map(Self.status) ?? "I couldn't find order \(asked)."
        } else if let last = record.orders.last {
            speech = Self.status(last)
        } else {
            speech = "You haven't ordered anything yet."
        }
        return input.responseBuilder.speak(speech + " Anything else?").reprompt("Anything else?").getResponse()
    }

    static func status(_ order: Order) -> String {
        switch order.status {
        case .cancelled: "Order \(order.number) was cancelled."
        case .placed: "Order \(order.number), \(order.summary), is in the oven."
        case .scheduled: "Order \(order.number), \(order.summary), will be \(order.fulfilment ?? "ready soon")."
        }
    }
}

/// Cancels an order after the dialog model has asked "do you really want to cancel?".
struct CancelOrderHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getIntentName(input.requestEnvelope) == PizzaShop.Intents.cancelOrder
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        let envelope = input.requestEnvelope
        if let state = Alexa.getDialogState(envelope), state != .completed {
            return input.responseBuilder.addDelegateDirective().getResponse()
        }
        var record = try input.shopRecord
        let asked = Alexa.getSlotValue(envelope, "orderNumber").flatMap { Int($0) }
        guard var order = asked.flatMap(record.order(number:)) ?? record.lastOpenOrder, order.status != .cancelled else {
            return input.responseBuilder.speak("You have no open order to cancel. Anything else?").reprompt("Anything else?")
                .getResponse()
        }
        if Alexa.getIntentConfirmationStatus(envelope) == .denied {
            return input.responseBuilder.speak("Okay, order \(order.number) stands. Anything else?").reprompt("Anything else?")
                .getResponse()
        }
        order.status = .cancelled
        record.update(order)
        try input.saveShopRecord(record)
        return input.responseBuilder.speak("Order \(order.number) is cancelled. Anything else?").reprompt("Anything else?")
            .getResponse()
    }
}
