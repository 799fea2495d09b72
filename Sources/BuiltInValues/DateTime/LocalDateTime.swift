/// A calendar day and a time of day, with no time zone left to apply.
struct LocalDateTime: Sendable, Equatable {
    var date: CivilDate
    var secondOfDay: Int
    var hour: Int { secondOfDay / 3600 }
    var minute: Int { secondOfDay / 60 % 60 }
}
