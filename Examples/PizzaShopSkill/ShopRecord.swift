import SkillDialog

/// What the shop remembers about a customer between sessions (persistent attributes).
struct ShopRecord: Codable, Equatable, Sendable {
    var nextOrderNumber = 101
    var orders: [Order] = []

    /// The most recent order that is not cancelled.
    var lastOpenOrder: Order? { orders.last { $0.status != .cancelled } }

    func order(number: Int) -> Order? { orders.first { $0.number == number } }

    mutating func update(_ order: Order) {
        if let i = orders.firstIndex(where: { $0.number == order.number }) { orders[i] = order }
    }
}

/// One order.
struct Order: Codable, Equatable, Sendable {
    enum Status: String, Codable, Sendable { case placed, scheduled, cancelled }

    var number: Int
    var quantity: Int
    var size: String
    var pizza: String
    var crust: String
    var toppings: [String]
    var priceInCents: Int
    var status: Status = .placed
    /// "delivered tomorrow at 19:00", "ready for pickup in 30 minutes".
    var fulfilment: String?

    /// "2 large pepperoni pizzas on thin crust with olives and ham".
    var summary: String {
        let noun = quantity == 1 ? "pizza" : "pizzas"
        var text = "\(quantity) \(size) \(pizza) \(noun) on \(crust) crust"
        if !toppings.isEmpty { text += " with " + Menu.list(toppings) }
        return text
    }
}

/// Where handlers find the customer's record during a request: the request interceptor loads it
/// from the persistent attributes into the request attributes, and the response interceptor
/// writes it back when a handler changed it.
extension HandlerInput {
    static let recordKey = "shopRecord"
    static let changedKey = "shopRecordChanged"

    var shopRecord: ShopRecord {
        get throws {
            guard let json = attributesManager.requestAttributes[Self.recordKey] else { return ShopRecord() }
            return try json.decode(ShopRecord.self)
        }
    }

    func saveShopRecord(_ record: ShopRecord) throws {
        attributesManager.requestAttributes[Self.recordKey] = try JSONValue(encoding: record)
        attributesManager.requestAttributes[Self.changedKey] = true
    }
}

struct LoadShopRecordInterceptor: RequestInterceptor {
    func process(_ input: HandlerInput) async throws {
        // Nothing to load when the session is ending: the skill cannot speak any more.
        if Alexa.getRequestType(input.requestEnvelope) == SessionEndedRequest.type { return }
        let stored = try await input.attributesManager.getPersistentAttributes()
        let record = try stored["shop"] ?? JSONValue(encoding: ShopRecord())
        input.attributesManager.requestAttributes[HandlerInput.recordKey] = record
    }
}

struct SaveShopRecordInterceptor: ResponseInterceptor {
    func process(_ input: HandlerInput, response: Response) async throws -> Response {
        let attributes = input.attributesManager.requestAttributes
        guard attributes[HandlerInput.changedKey] == true, let record = attributes[HandlerInput.recordKey] else { return response }
        var stored = try await input.attributesManager.getPersistentAttributes()
        stored["shop"] = record
        try input.attributesManager.setPersistentAttributes(stored)
        try await input.attributesManager.savePersistentAttributes()
        return response
    }
}
