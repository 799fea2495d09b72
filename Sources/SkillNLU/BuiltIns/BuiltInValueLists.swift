/// Small lists of values we wrote ourselves for Alexa's open-list built-in types. They are
/// a gazetteer (the tagger learns what a city looks like) and training fillers, not the
/// catalogs Amazon uses: a value missing here is still tagged from its context.
enum BuiltInValueLists {
    /// English values by type name (upper-cased for lookup).
    static let english: [String: [String]] = {
        var lists: [String: [String]] = [:]
        func put(_ names: [String], _ values: [String]) { for n in names { lists[n.uppercased()] = values } }

        let firstNames = ["James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "David",
                          "Elizabeth", "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah",
                          "Charles", "Karen", "Daniel", "Lisa", "Matthew", "Nancy", "Anthony", "Sandra", "Mark", "Emily",
                          "Steven", "Ashley", "Andrew", "Olivia", "Joshua", "Emma", "Kevin", "Sophia", "Brian", "Chloe",
                          "Liam", "Noah", "Ava", "Mia", "Ethan", "Isabella", "Lucas", "Harper", "Aiden", "Zoe"]
        put(["AMAZON.FirstName", "AMAZON.US_FIRST_NAME"], firstNames)
        put(["AMAZON.GB_FIRST_NAME"], ["Oliver", "Amelia", "George", "Isla", "Harry", "Ava", "Jack", "Emily", "Charlie",
                                       "Poppy", "Jacob", "Sophie", "Alfie", "Grace", "Freddie", "Lily", "Oscar",
                                       "Evie", "Thomas", "Ella", "Archie", "Florence", "Henry", "Millie", "Arthur"])
        put(["AMAZON.DE_FIRST_NAME", "AMAZON.AT_FIRST_NAME"],
            ["Lukas", "Anna", "Leon", "Lena", "Finn", "Marie", "Jonas", "Sophie", "Paul", "Hannah", "Felix", "Emma",
             "Maximilian", "Mia", "Elias", "Lea", "Noah", "Laura", "Ben", "Johanna", "Jan", "Katharina", "Tobias",
             "Julia", "Stefan", "Sabine", "Jürgen", "Ursula", "Klaus", "Monika"])
        put(["AMAZON.Person", "AMAZON.Actor", "AMAZON.Director", "AMAZON.Author", "AMAZON.Athlete",
             "AMAZON.Professional"],
            ["Tom Hanks", "Meryl Streep", "Denzel Washington", "Julia Roberts", "Morgan Freeman", "Emma Stone",
             "Leonardo DiCaprio", "Natalie Portman", "Brad Pitt", "Viola Davis", "Keanu Reeves", "Scarlett Johansson",
             "Harrison Ford", "Cate Blanchett", "Samuel L. Jackson", "Jennifer Lawrence", "Steven Spielberg",
             "Greta Gerwig", "Christopher Nolan", "Agatha Christie", "Stephen King", "Jane Austen", "Mark Twain",
             "Toni Morrison", "Serena Williams", "Roger Federer", "Lionel Messi", "Simone Biles", "Usain Bolt",
             "Marie Curie", "Albert Einstein", "Ada Lovelace"])
        put(["AMAZON.Musician", "AMAZON.Artist", "AMAZON.MusicGroup"],
            ["the Beatles", "Taylor Swift", "Beyoncé", "Queen", "Adele", "Drake", "Coldplay", "Ed Sheeran",
             "Rihanna", "Bruno Mars", "Madonna", "Elton John", "Billie Eilish", "the Rolling Stones", "Miles Davis",
             "Nina Simone", "Bob Dylan", "ABBA", "Daft Punk", "Kendrick Lamar", "Shakira", "Johnny Cash",
             "Aretha Franklin", "Radiohead", "Metallica", "BTS", "Dolly Parton", "Frank Sinatra"])
        put(["AMAZON.MusicRecording", "AMAZON.MusicAlbum"],
            ["Bohemian Rhapsody", "Hey Jude", "Shake It Off", "Rolling in the Deep", "Imagine", "Hotel California",
             "Thriller", "Purple Rain", "Let It Be", "Halo", "Blinding Lights", "Yesterday", "Like a Rolling Stone",
             "Smells Like Teen Spirit", "Dancing Queen", "Respect", "Jolene", "Abbey Road", "Rumours", "Kind of Blue",
             "Back in Black", "Bad Guy", "Hallelujah", "Wonderwall", "Clair de Lune"])
        put(["AMAZON.Movie", "AMAZON.TVSeries", "AMAZON.TVSeason", "AMAZON.TVEpisode"],
            ["The Godfather", "Casablanca", "Star Wars", "Jurassic Park", "Titanic", "The Matrix", "Finding Nemo",
             "Toy Story", "Inception", "Frozen", "The Lion King", "Back to the Future", "Jaws", "Forrest Gump",
             "Pulp Fiction", "The Wizard of Oz", "Gladiator", "Up", "Black Panther", "Breaking Bad",
             "The Office", "Friends", "Game of Thrones", "Stranger Things", "The Simpsons", "Seinfeld", "The Crown"])
        put(["AMAZON.Book", "AMAZON.CreativeWorkType"],
            ["Pride and Prejudice", "To Kill a Mockingbird", "Nineteen Eighty-Four", "The Great Gatsby", "Moby Dick",
             "War and Peace", "The Hobbit", "Little Women", "Jane Eyre", "Dracula", "Frankenstein", "The Odyssey",
             "Don Quixote", "Beloved", "The Catcher in the Rye", "Brave New World", "Charlotte's Web", "Matilda"])
        put(["AMAZON.VideoGame", "AMAZON.Game"],
            ["Minecraft", "Tetris", "Super Mario Bros", "The Legend of Zelda", "Pac-Man", "Fortnite", "Halo",
             "Pokémon", "Chess", "Monopoly", "Scrabble", "Sudoku", "Solitaire", "Animal Crossing", "Portal"])
        put(["AMAZON.US_CITY"],
            ["New York", "Los Angeles", "Chicago", "Houston", "Phoenix", "Philadelphia", "San Antonio", "San Diego",
             "Dallas", "San Jose", "Austin", "Seattle", "Denver", "Boston", "Nashville", "Portland", "Las Vegas",
             "Detroit", "Memphis", "Atlanta", "Miami", "Minneapolis", "New Orleans", "Pittsburgh", "Salt Lake City",
             "San Francisco", "Kansas City", "Honolulu", "Anchorage", "Albuquerque", "Baltimore", "Cleveland"])
        put(["AMAZON.City", "AMAZON.EUROPE_CITY", "AMAZON.GB_CITY", "AMAZON.DE_CITY", "AMAZON.AT_CITY",
             "AMAZON.FR_CITY", "AMAZON.IT_CITY", "AMAZON.ES_CITY", "AMAZON.IN_CITY", "AMAZON.JP_CITY"],
            ["London", "Paris", "Berlin", "Madrid", "Rome", "Vienna", "Amsterdam", "Lisbon", "Dublin", "Prague",
             "Munich", "Hamburg", "Barcelona", "Milan", "Zurich", "Edinburgh", "Manchester", "Tokyo", "Osaka",
             "Mumbai", "Delhi", "Bangalore", "Sydney", "Toronto", "Mexico City", "São Paulo", "Cairo", "Dubai",
             "Singapore", "Seoul", "New York", "Chicago", "Buenos Aires", "Cape Town", "Istanbul", "Kyoto"])
        put(["AMAZON.Country"],
            ["United States", "Canada", "Mexico", "Brazil", "Argentina", "United Kingdom", "Ireland", "France",
             "Germany", "Spain", "Portugal", "Italy", "Netherlands", "Belgium", "Switzerland", "Austria", "Sweden",
             "Norway", "Denmark", "Finland", "Poland", "Greece", "Turkey", "Egypt", "Kenya", "Nigeria",
             "South Africa", "India", "China", "Japan", "South Korea", "Australia", "New Zealand", "Saudi Arabia",
             "Indonesia", "Vietnam", "Thailand", "Chile", "Peru", "Colombia"])
        put(["AMAZON.US_STATE"],
            ["Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
             "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky",
             "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri",
             "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York",
             "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island",
             "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington",
             "West Virginia", "Wisconsin", "Wyoming"])
        put(["AMAZON.AdministrativeArea", "AMAZON.Region"],
            ["California", "Texas", "Ontario", "Quebec", "Bavaria", "Scotland", "Wales", "Catalonia", "Tuscany",
             "Provence", "New South Wales", "Queensland", "Kerala", "Hokkaido", "Patagonia", "Siberia", "Normandy"])
        put(["AMAZON.Color"],
            ["red", "orange", "yellow", "green", "blue", "purple", "pink", "brown", "black", "white", "gray", "grey",
             "silver", "gold", "beige", "navy blue", "teal", "turquoise", "maroon", "violet", "lavender", "indigo",
             "magenta", "cyan", "olive", "coral", "crimson", "ivory", "light blue", "dark green"])
        put(["AMAZON.Food", "AMAZON.Dish"],
            ["pizza", "pasta", "sushi", "tacos", "burrito", "hamburger", "cheeseburger", "salad", "soup", "steak",
             "chicken curry", "pad thai", "ramen", "fried rice", "lasagna", "spaghetti", "pancakes", "waffles",
             "scrambled eggs", "grilled cheese", "french fries", "fish and chips", "falafel", "hummus", "dumplings",
             "noodles", "sandwich", "bagel", "oatmeal", "tomato soup", "mac and cheese", "chili"])
        put(["AMAZON.Dessert"],
            ["ice cream", "chocolate cake", "apple pie", "cheesecake", "brownies", "cookies", "tiramisu",
             "crème brûlée", "cupcakes", "donuts", "pudding", "fruit salad", "banana split", "carrot cake"])
        put(["AMAZON.Drink", "AMAZON.Beverage"],
            ["coffee", "tea", "water", "orange juice", "apple juice", "milk", "hot chocolate", "lemonade", "cola",
             "sparkling water", "green tea", "espresso", "cappuccino", "latte", "smoothie", "iced tea", "beer",
             "red wine", "white wine"])
        put(["AMAZON.Animal"],
            ["dog", "cat", "horse", "cow", "pig", "sheep", "goat", "chicken", "duck", "rabbit", "lion", "tiger",
             "elephant", "giraffe", "zebra", "monkey", "bear", "wolf", "fox", "deer", "dolphin", "whale", "shark",
             "penguin", "owl", "eagle", "parrot", "snake", "turtle", "frog", "butterfly", "bee"])
        put(["AMAZON.Room"],
            ["kitchen", "living room", "bedroom", "bathroom", "dining room", "office", "garage", "basement",
             "attic", "hallway", "nursery", "guest room", "laundry room", "family room", "den", "porch", "patio",
             "master bedroom", "kids room", "study"])
        put(["AMAZON.Sport"],
            ["soccer", "football", "basketball", "baseball", "tennis", "golf", "hockey", "cricket", "rugby",
             "volleyball", "swimming", "cycling", "running", "boxing", "skiing", "snowboarding", "surfing",
             "table tennis", "badminton", "wrestling", "gymnastics", "yoga", "climbing", "rowing", "skateboarding"])
        put(["AMAZON.SportsTeam"],
            ["Yankees", "Red Sox", "Lakers", "Celtics", "Bulls", "Warriors", "Patriots", "Cowboys", "Packers",
             "Chiefs", "Real Madrid", "Barcelona", "Manchester United", "Liverpool", "Bayern Munich", "Juventus"])
        put(["AMAZON.Language"],
            ["English", "Spanish", "French", "German", "Italian", "Portuguese", "Japanese", "Chinese", "Mandarin",
             "Korean", "Hindi", "Arabic", "Russian", "Dutch", "Swedish", "Polish", "Turkish", "Greek", "Hebrew",
             "Vietnamese", "Thai", "Swahili"])
        put(["AMAZON.DayOfWeek"], ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
        put(["AMAZON.Month"], ["January", "February", "March", "April", "May", "June", "July", "August",
                               "September", "October", "November", "December"])
        put(["AMAZON.Airport"],
            ["JFK", "LaGuardia", "Heathrow", "Gatwick", "O'Hare", "LAX", "Charles de Gaulle", "Frankfurt airport",
             "Schiphol", "Dulles", "Logan", "Narita", "Changi", "Sea-Tac", "Newark airport", "Dubai International"])
        put(["AMAZON.Airline"],
            ["Delta", "United", "American Airlines", "Southwest", "JetBlue", "Alaska Airlines", "British Airways",
             "Lufthansa", "Air France", "KLM", "Emirates", "Qantas", "Ryanair", "easyJet", "Air Canada"])
        put(["AMAZON.Genre", "AMAZON.MusicGenre", "AMAZON.BookSeries"],
            ["rock", "pop", "jazz", "classical", "hip hop", "country", "blues", "reggae", "electronic", "folk",
             "metal", "punk", "soul", "R&B", "disco", "funk", "indie", "gospel", "techno", "ambient",
             "comedy", "drama", "horror", "science fiction", "fantasy", "mystery", "romance", "thriller", "documentary"])
        put(["AMAZON.Corporation", "AMAZON.Organization", "AMAZON.LocalBusiness"],
            ["Amazon", "Apple", "Google", "Microsoft", "Starbucks", "Walmart", "Target", "Costco", "Nike", "IKEA",
             "Toyota", "Ford", "Tesla", "Netflix", "Spotify", "Red Cross", "United Nations", "NASA", "Home Depot",
             "McDonald's", "Subway", "Whole Foods", "Best Buy", "FedEx"])
        put(["AMAZON.LocalBusinessType"],
            ["restaurant", "pharmacy", "gas station", "grocery store", "bank", "hospital", "coffee shop", "bakery",
             "gym", "hotel", "library", "post office", "hardware store", "dentist", "hair salon", "car wash",
             "bookstore", "pizza place", "laundromat", "vet"])
        put(["AMAZON.WeatherCondition"],
            ["rain", "snow", "sunny", "cloudy", "fog", "thunderstorm", "wind", "hail", "sleet", "drizzle", "heat wave",
             "frost", "humid", "clear skies", "showers"])
        put(["AMAZON.SocialMediaPlatform"], ["Facebook", "Instagram", "Twitter", "TikTok", "YouTube", "LinkedIn",
                                             "Snapchat", "Pinterest", "Reddit", "WhatsApp"])
        put(["AMAZON.StreetName", "AMAZON.StreetAddress", "AMAZON.PostalAddress"],
            ["Main Street", "Oak Avenue", "Maple Drive", "Elm Street", "Park Avenue", "Broadway", "Sunset Boulevard",
             "Pine Street", "Cedar Lane", "Washington Street", "Lake Road", "Hill Street", "Second Avenue",
             "Fifth Avenue", "Market Street", "Church Road", "High Street", "Mill Lane"])
        put(["AMAZON.Landform"], ["Mount Everest", "the Grand Canyon", "the Alps", "the Sahara", "Lake Tahoe",
                                  "the Rocky Mountains", "Niagara Falls", "the Amazon River", "Mount Fuji",
                                  "the Dead Sea", "Kilimanjaro", "the Nile"])
        put(["AMAZON.Festival", "AMAZON.Holiday", "AMAZON.Event", "AMAZON.SportsEvent"],
            ["Christmas", "Thanksgiving", "Halloween", "Easter", "New Year's Eve", "Hanukkah", "Diwali", "Ramadan",
             "Oktoberfest", "the Super Bowl", "the World Cup", "the Olympics", "Wimbledon", "Mardi Gras"])
        return lists
    }()

    /// Free phrases for AMAZON.SearchQuery fillers (the type has no values of its own).
    static let searchPhrases = [
        "how to bake sourdough bread", "the weather in Lisbon", "cheap flights to Tokyo", "why is the sky blue",
        "best pizza near me", "how tall is Mount Everest", "recipes with chicken and rice", "the capital of Australia",
        "when does the store open", "how do airplanes fly", "movies with Tom Hanks", "how many ounces in a cup",
        "the history of the Roman Empire", "tips for better sleep", "what to plant in spring", "the news today",
        "how to fix a flat tire", "songs from the eighties", "a good book about space", "how far is the moon",
    ]

    /// Day and month names in other languages, Monday and January first.
    static let localized: [String: [String: [String]]] = [
        "de": ["AMAZON.DAYOFWEEK": ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
               "AMAZON.MONTH": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
                                "Oktober", "November", "Dezember"]],
        "es": ["AMAZON.DAYOFWEEK": ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
               "AMAZON.MONTH": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
                                "octubre", "noviembre", "diciembre"]],
        "fr": ["AMAZON.DAYOFWEEK": ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
               "AMAZON.MONTH": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
                                "octobre", "novembre", "décembre"]],
        "it": ["AMAZON.DAYOFWEEK": ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"],
               "AMAZON.MONTH": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
                                "settembre", "ottobre", "novembre", "dicembre"]],
        "pt": ["AMAZON.DAYOFWEEK": ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira",
                                   "sábado", "domingo"],
               "AMAZON.MONTH": ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
                                "outubro", "novembro", "dezembro"]],
        "ja": ["AMAZON.DAYOFWEEK": ["月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日", "日曜日"],
               "AMAZON.MONTH": ["一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"]],
        "hi": ["AMAZON.DAYOFWEEK": ["सोमवार", "मंगलवार", "बुधवार", "गुरुवार", "शुक्रवार", "शनिवार", "रविवार"],
               "AMAZON.MONTH": ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर",
                                "नवंबर", "दिसंबर"]],
        "ar": ["AMAZON.DAYOFWEEK": ["الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت", "الأحد"],
               "AMAZON.MONTH": ["يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر",
                                "أكتوبر", "نوفمبر", "ديسمبر"]],
    ]
}
