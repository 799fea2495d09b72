/// The shop's menu and prices.
enum Menu {
    static let pizzas = ["pepperoni", "margherita", "hawaiian", "veggie", "meat lovers", "bbq chicken", "supreme",
                         "four cheese"]
    static let sides = ["garlic bread", "chicken wings", "side salad"]
    static let drinks = ["cola", "lemonade", "sparkling water"]
    static let desserts = ["chocolate brownie", "tiramisu"]

    /// Price of one pizza by size, in cents.
    static let sizePrices = ["small": 899, "medium": 1199, "large": 1399, "extra large": 1599]
    /// Price of one topping on one pizza, in cents.
    static let toppingPrice = 150

    /// The items of a menu category ("pizzas", "sides", "drinks", "desserts"); pizzas by default.
    static func items(in category: String?) -> (category: String, items: [String]) {
        switch category?.lowercased() {
        case "sides"?: ("sides", sides)
        case "drinks"?: ("drinks", drinks)
        case "desserts"?: ("desserts", desserts)
        default: ("pizzas", pizzas)
        }
    }

    static func price(quantity: Int, size: String, toppings: Int) -> Int {
        quantity * ((sizePrices[size] ?? sizePrices["medium"]!) + toppings * toppingPrice)
    }

    /// "$13.99".
    static func dollars(_ cents: Int) -> String {
        let remainder = cents % 100
        return "$\(cents / 100).\(remainder < 10 ? "0" : "")\(remainder)"
    }

    /// "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
