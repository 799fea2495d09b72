/// The catalog of Amazon's built-in slot types (`AMAZON.*`), including deprecated ones that
/// real models still carry, so that no model fails to import because of a built-in type.
///
/// This catalog knows names only; parsing values of types such as `AMAZON.NUMBER` or
/// `AMAZON.DATE` belongs to the NLU. Names are Amazon's (facts from the Alexa slot-type reference).
public enum BuiltInSlotTypes {
    /// What kind of value a built-in type produces.
    public enum Kind: String, Sendable, CaseIterable {
        /// Spoken numbers to digits: AMAZON.NUMBER.
        case number
        /// Four digits said as a year or code: AMAZON.FOUR_DIGIT_NUMBER.
        case fourDigitNumber
        /// "first", "second": AMAZON.Ordinal.
        case ordinal
        /// Dates to ISO-8601: AMAZON.DATE.
        case date
        /// Times to `HH:MM` or `MO`/`AF`/`EV`/`NI`: AMAZON.TIME.
        case time
        /// Durations to ISO-8601 (`PT10M`): AMAZON.DURATION.
        case duration
        /// Phone numbers to digits: AMAZON.PhoneNumber.
        case phoneNumber
        /// Letters and digits: AMAZON.AlphaNumeric.
        case alphaNumeric
        /// Free text of the whole phrase: AMAZON.SearchQuery (and the deprecated AMAZON.LITERAL).
        case phrase
        /// A list of entities (cities, names, colours …), open to values not in the list.
        case list
    }

    /// One built-in type.
    public struct Info: Sendable, Equatable {
        public var name: String
        public var kind: Kind
        /// For a deprecated type, the type Amazon recommends instead.
        public var replacement: String?
    }

    /// Every known type, by exact name.
    public static let catalog: [String: Info] = {
        var table: [String: Info] = [:]
        for (name, kind) in valueTypes { table[name] = Info(name: name, kind: kind, replacement: nil) }
        for name in listTypes { table[name] = Info(name: name, kind: .list, replacement: nil) }
        for (name, replacement) in deprecatedTypes {
            let kind: Kind = name == "AMAZON.LITERAL" ? .phrase : .list
            table[name] = Info(name: name, kind: kind, replacement: replacement)
        }
        return table
    }()

    private static let lowercased: [String: String] = {
        var table: [String: String] = [:]
        for name in catalog.keys { table[name.lowercased()] = name }
        return table
    }()

    /// All known names, sorted.
    public static var allNames: [String] { catalog.keys.sorted() }

    /// Whether `name` is a built-in type spelled exactly right.
    public static func isKnown(_ name: String) -> Bool { catalog[name] != nil }

    /// The correctly spelled name for a built-in type written in any case (`AMAZON.Number` →
    /// `AMAZON.NUMBER`), or nil when no built-in type has that name.
    public static func canonicalName(for name: String) -> String? {
        if catalog[name] != nil { return name }
        return lowercased[name.lowercased()]
    }

    /// Whether a type name is in Amazon's namespace (`AMAZON.` in any case), known or not.
    public static func isBuiltInName(_ name: String) -> Bool {
        name.utf8.count > 7 && name.prefix(7).uppercased() == "AMAZON."
    }

    /// The catalog entry for a name in any case.
    public static func info(for name: String) -> Info? {
        canonicalName(for: name).flatMap { catalog[$0] }
    }

    static let valueTypes: [(String, Kind)] = [
        ("AMAZON.NUMBER", .number),
        ("AMAZON.FOUR_DIGIT_NUMBER", .fourDigitNumber),
        ("AMAZON.Ordinal", .ordinal),
        ("AMAZON.DATE", .date),
        ("AMAZON.TIME", .time),
        ("AMAZON.DURATION", .duration),
        ("AMAZON.PhoneNumber", .phoneNumber),
        ("AMAZON.AlphaNumeric", .alphaNumeric),
        ("AMAZON.SearchQuery", .phrase),
    ]

    /// Deprecated types and what Amazon suggests instead.
    static let deprecatedTypes: [(String, String)] = [
        ("AMAZON.LITERAL", "AMAZON.SearchQuery"),
        ("AMAZON.US_CITY", "AMAZON.City"),
        ("AMAZON.US_FIRST_NAME", "AMAZON.FirstName"),
        ("AMAZON.US_STATE", "AMAZON.Region"),
        ("AMAZON.AT_CITY", "AMAZON.City"),
        ("AMAZON.AT_REGION", "AMAZON.Region"),
        ("AMAZON.DE_CITY", "AMAZON.City"),
        ("AMAZON.DE_FIRST_NAME", "AMAZON.FirstName"),
        ("AMAZON.DE_REGION", "AMAZON.Region"),
        ("AMAZON.EUROPE_CITY", "AMAZON.City"),
        ("AMAZON.GB_CITY", "AMAZON.City"),
        ("AMAZON.GB_FIRST_NAME", "AMAZON.FirstName"),
        ("AMAZON.GB_REGION", "AMAZON.Region"),
    ]

    static let listTypes: [String] = [
        "AMAZON.Actor", "AMAZON.AdministrativeArea", "AMAZON.AggregateRating", "AMAZON.Airline",
        "AMAZON.Airport", "AMAZON.Anaphor", "AMAZON.Animal", "AMAZON.Artist", "AMAZON.Athlete",
        "AMAZON.Author", "AMAZON.Book", "AMAZON.BookSeries", "AMAZON.BroadcastChannel", "AMAZON.City",
        "AMAZON.CivicStructure", "AMAZON.Color", "AMAZON.Comic", "AMAZON.Corporation", "AMAZON.Country",
        "AMAZON.CreativeWorkType", "AMAZON.DayOfWeek", "AMAZON.Dessert", "AMAZON.DeviceType",
        "AMAZON.Director", "AMAZON.Drink", "AMAZON.EducationalOrganization", "AMAZON.EventType",
        "AMAZON.Festival", "AMAZON.FictionalCharacter", "AMAZON.FinancialService", "AMAZON.FirstName",
        "AMAZON.Food", "AMAZON.FoodEstablishment", "AMAZON.Game", "AMAZON.Genre", "AMAZON.Landform",
        "AMAZON.LandmarksOrHistoricalBuildings", "AMAZON.Language", "AMAZON.LocalBusiness",
        "AMAZON.LocalBusinessType", "AMAZON.MedicalOrganization", "AMAZON.Month", "AMAZON.Movie",
        "AMAZON.MovieSeries", "AMAZON.MovieTheater", "AMAZON.MusicAlbum", "AMAZON.MusicCreativeWorkType",
        "AMAZON.MusicEvent", "AMAZON.MusicGroup", "AMAZON.Musician", "AMAZON.MusicPlaylist",
        "AMAZON.MusicRecording", "AMAZON.MusicVenue", "AMAZON.MusicVideo", "AMAZON.Organization",
        "AMAZON.Person", "AMAZON.PostalAddress", "AMAZON.Professional", "AMAZON.ProfessionalType",
        "AMAZON.RadioChannel", "AMAZON.Region", "AMAZON.RelativePosition", "AMAZON.Residence",
        "AMAZON.Room", "AMAZON.ScreeningEvent", "AMAZON.Service", "AMAZON.SocialMediaPlatform",
        "AMAZON.SoftwareApplication", "AMAZON.SoftwareGame", "AMAZON.Sport", "AMAZON.SportsEvent",
        "AMAZON.SportsTeam", "AMAZON.StreetAddress", "AMAZON.StreetName", "AMAZON.TelevisionChannel",
        "AMAZON.TVEpisode", "AMAZON.TVSeason", "AMAZON.TVSeries", "AMAZON.VideoGame",
        "AMAZON.VisualModeTrigger", "AMAZON.WeatherCondition", "AMAZON.WrittenCreativeWorkType",
    ]
}
