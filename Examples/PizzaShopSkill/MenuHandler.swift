import SkillDialog

/// Reads a menu category and remembers the list, so "the second one" can order from it.
struct MenuHandler: RequestHandler {
    static let listKey = "lastMenuList"

    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getIntentName(input.requestEnvelope) == PizzaShop.Intents.menu
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        let (category, items) = Menu.items(in: input.canonicalValue(of: "category"))
        if category == "pizzas" {
            input.attributesManager.sessionAttributes[Self.listKey] = .array(items.map { .string($0) })
            return input.responseBuilder
                .speak("Our pizzas are \(Menu.list(items)). Which one would you like?")
                .reprompt("Which pizza would you like? You can say, for example, the first one.")
                .getResponse()
        }
        input.attributesManager.sessionAttributes[Self.listKey] = nil
        return input.responseBuilder.speak("For \(category) we have \(Menu.list(items)). What else would you like to know?")
            .reprompt("What else would you like to know?").getResponse()
    }
}

/// After the pizza menu, understands "the second one", "margherita please" or "the last one" —
/// which the NLU takes for no intent in particular — and chains to OrderPizzaIntent with that
/// pizza, so the dialog model asks only for what is still missing.
struct MenuChoiceHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) async throws -> Bool {
        guard Alexa.getIntentName(input.requestEnvelope) == "AMAZON.FallbackIntent" else { return false }
        return choice(input) != nil
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        let pizza = choice(input)!.id
        input.attributesManager.sessionAttributes[MenuHandler.listKey] = nil
        var order = IntentRequest.Intent(name: PizzaShop.Intents.orderPizza)
        // The value comes from the menu, so it resolves: say so, as entity resolution would.
        order[slot: "pizza"] = .filled("pizza", value: pizza, resolvedTo: pizza,
                                       authority: "amzn1.er-authority.echo-sdk.pizza-shop.PizzaType")
        return input.responseBuilder.speak("A \(pizza), good choice.").addDelegateDirective(updatedIntent: order).getResponse()
    }

    private func choice(_ input: HandlerInput) -> ChoiceOption? {
        guard let list = input.attributesManager.sessionAttributes[MenuHandler.listKey]?.arrayValue?.compactMap(\.stringValue),
              let utterance = input.utterance else { return nil }
        return ChoiceSet(list, locale: Alexa.getLocale(input.requestEnvelope) ?? "en-US").match(utterance)
    }
}

/// Opening hours.
struct StoreHoursHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getIntentName(input.requestEnvelope) == PizzaShop.Intents.storeHours
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        input.responseBuilder.speak("We're open from eleven in the morning to eleven at night, every day. Anything else?")
            .reprompt("Anything else?").getResponse()
    }
}
