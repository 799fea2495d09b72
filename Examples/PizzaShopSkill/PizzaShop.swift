import SkillDialog

/// An example skill: a pizza shop that takes orders, schedules their delivery, reads the menu,
/// tells where an order is and cancels one — the logic of the classic pizza-ordering sample
/// skills, written for SkillDialog.
///
/// It shows the parts a real skill uses: a handler per intent, the dialog model doing the
/// asking (delegation `ALWAYS`), intent chaining (an order continues with its delivery), request
/// and response interceptors loading and saving persistent attributes, answer conveniences
/// ("the second one" after the menu), help, stop/cancel, fallback, session end and an error
/// handler.
///
/// The intent and slot names are those of the bundled `InteractionModels/PizzaShop` model.
public enum PizzaShop {
    /// Intent names of the model.
    public enum Intents {
        public static let orderPizza = "OrderPizzaIntent"
        public static let scheduleDelivery = "ScheduleDeliveryIntent"
        public static let menu = "MenuIntent"
        public static let orderStatus = "OrderStatusIntent"
        public static let cancelOrder = "CancelOrderIntent"
        public static let storeHours = "StoreHoursIntent"
    }

    /// The skill, keeping customers' orders with `persistence`. `whatYouCanSay` — the model's
    /// representative utterances (SkillNLU's `ExampleSelector` or
    /// `NLUModel.exampleUtterances(perIntent:)`) — lets help answer "what can I say"
    /// with the skill's own phrasings; without it help speaks a fixed sentence.
    public static func skill(persistence: any PersistenceAdapter = InMemoryPersistenceAdapter(),
                             whatYouCanSay: [IntentExamples] = []) -> Skill {
        SkillBuilder()
            .withPersistenceAdapter(persistence)
            .addRequestInterceptors(LoadShopRecordInterceptor())
            .addRequestHandlers(
                LaunchHandler(),
                OrderPizzaHandler(),
                ScheduleDeliveryHandler(),
                MenuHandler(),
                MenuChoiceHandler(),
                OrderStatusHandler(),
                CancelOrderHandler(),
                StoreHoursHandler(),
                HelpHandler(examples: whatYouCanSay),
                StartOverHandler(),
                ExitHandler(),
                RepeatIntentHandler(),
                FallbackHandler(),
                SessionEndedHandler())
            .addResponseInterceptors(SaveShopRecordInterceptor())
            .addErrorHandlers(ApologizingErrorHandler())
            .build()
    }
}
