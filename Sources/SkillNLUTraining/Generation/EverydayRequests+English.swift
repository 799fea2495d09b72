extension EverydayRequests {
    /// English requests from the everyday domains of a voice assistant. Written for this
    /// project; lower case, without punctuation, as samples are written.
    static let english: [String] = [
        // weather
        "what's the weather like today", "is it going to rain tomorrow", "how cold is it outside",
        "will it snow this weekend", "what's the forecast for friday", "do i need an umbrella",
        "how hot will it get this afternoon", "is it windy in chicago",
        // time and date
        "what time is it", "what's the date today", "what day of the week is it",
        "what time is it in london", "how many days until christmas", "when does daylight saving time end",
        // alarms, timers, reminders, calendar
        "set an alarm for six thirty", "wake me up at seven tomorrow", "set a timer for ten minutes",
        "how much time is left on the timer", "cancel my alarm", "remind me to call the dentist",
        "remind me to water the plants tonight", "what's on my calendar tomorrow",
        "add a meeting with sarah on monday", "when is my next appointment",
        // music and media
        "play some jazz", "play the latest album by adele", "skip this song", "turn the volume up",
        "who sings this song", "play my workout playlist", "shuffle my library", "play the radio",
        "put on a podcast about history", "resume my audiobook", "play rain sounds",
        // news, sports
        "what's in the news today", "give me the headlines", "what's the latest business news",
        "who won the football game last night", "when do the yankees play next",
        "what's the score of the basketball game", "who is leading the tournament",
        // jokes, small talk, the assistant itself
        "tell me a joke", "tell me something funny", "sing me a song", "how old are you",
        "what's your favorite color", "do you have any pets", "are you a robot", "who created you",
        "what's the meaning of life", "tell me a fun fact", "flip a coin", "roll a die",
        "pick a number between one and ten", "tell me a bedtime story",
        // knowledge, maths, language
        "how tall is mount everest", "who was the first president of the united states",
        "what is the capital of australia", "how far away is the moon", "when was the eiffel tower built",
        "how many ounces in a cup", "what's fifteen percent of eighty", "what is the square root of two",
        "convert ten miles to kilometers", "how do you spell necessary", "what does ubiquitous mean",
        "translate good morning into spanish", "what's a synonym for happy", "who wrote pride and prejudice",
        "how many people live in canada", "why is the sky blue",
        // smart home
        "turn off the lights", "turn on the kitchen light", "dim the bedroom lights",
        "set the thermostat to seventy degrees", "lock the front door", "is the garage door open",
        "start the vacuum", "turn on the fan", "show me the front door camera",
        // calls and messages
        "call my mom", "text john that i'm running late", "read my messages", "do i have any new emails",
        "send a message to the family group", "call the nearest pharmacy", "video call grandma",
        // shopping
        "add milk to my shopping list", "what's on my shopping list", "reorder paper towels",
        "where is my package", "track my amazon order", "how much does a new iphone cost",
        "find a good deal on headphones", "buy more batteries",
        // navigation, traffic, travel
        "how long is my commute", "what's the traffic like on the highway", "navigate to the nearest gas station",
        "how far is it to the airport", "book a flight to paris", "find me a hotel in new york",
        "is my flight on time", "what's the exchange rate for euros", "do i need a visa for japan",
        "rent a car for next week", "when does the next train leave",
        // restaurants and recipes
        "find a sushi restaurant nearby", "book a table for four at eight", "how do i make pancakes",
        "give me a recipe for lasagna", "how long do i boil an egg", "what wine goes with salmon",
        "how many calories are in an apple",
        // health and fitness
        "how many steps did i take today", "start a workout", "what are the symptoms of the flu",
        "find a doctor near me", "remind me to take my vitamins", "how much water should i drink",
        "start a meditation session",
        // money and work
        "what's my bank balance", "transfer fifty dollars to savings", "how is the stock market doing",
        "what's the price of bitcoin", "pay my electric bill", "how much did i spend on groceries",
        "when is my next paycheck", "schedule a call with my boss", "how many vacation days do i have",
        // entertainment
        "what movies are playing tonight", "recommend a good tv show", "what's on netflix",
        "who stars in the new batman movie", "let's play a game", "ask me a trivia question",
        "what's the best selling book this week", "find tickets for a concert",
        // devices and settings
        "what's the wifi password", "connect to my bluetooth speaker", "charge my phone",
        "take a picture", "open the camera", "set my phone to silent", "how much battery is left",
        "update the software", "change the language to french",
        // chores and errands
        "when is trash day", "find a plumber", "how do i get a stain out of a shirt",
        "when does the post office close", "where can i recycle old electronics",
        "how do i change a flat tire", "when is my car due for an oil change",
    ]
}
