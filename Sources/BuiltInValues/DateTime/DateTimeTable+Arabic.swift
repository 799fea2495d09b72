extension DateTimeTable {
    /// Arabic date, time and duration words: modifiers after the word ("الأسبوع القادم"),
    /// duals ("يومين"), hours as ordinals after "الساعة" ("الساعة السابعة والنصف", "والثلث",
    /// "وعشر دقائق" with the "and" written onto the minutes), Gregorian
    /// month names as used in Egypt and the Gulf and in the Levant.
    static let arabic = DateTimeTable(
        language: "ar",
        months: ["يناير|كانون الثاني", "فبراير|شباط", "مارس|آذار", "أبريل|ابريل|نيسان", "مايو|أيار", "يونيو|يونيه|حزيران",
                 "يوليو|يوليه|تموز", "أغسطس|اغسطس|آب", "سبتمبر|أيلول", "أكتوبر|اكتوبر|تشرين الأول",
                 "نوفمبر|تشرين الثاني", "ديسمبر|كانون الأول"],
        weekdays: ["الاثنين|الإثنين|يوم الاثنين|يوم الإثنين", "الثلاثاء|يوم الثلاثاء", "الأربعاء|الاربعاء|يوم الأربعاء",
                   "الخميس|يوم الخميس", "الجمعة|يوم الجمعة", "السبت|يوم السبت", "الأحد|الاحد|يوم الأحد"],
        relativeDays: [0: "اليوم", 1: "غدا|غداً|بكرة|بكره|الغد", -1: "أمس|امس|البارحة"],
        relativeDayPhrases: [2: "بعد غد|بعد الغد|بعد بكرة", -2: "أول أمس|اول امس|قبل أمس"],
        keywords: [
            .next: "القادم|القادمة|المقبل|المقبلة|الجاي|الجاية", .this: "هذا|هذه",
            .last: "الماضي|الماضية|الفائت|الفائتة|السابق|السابقة", .of: "من", .in: "بعد|خلال|في غضون",
            .agoBefore: "قبل|منذ", .oclock: "الساعة", .half: "النصف|نصف|والنصف|ونصف", .quarter: "ربع|الربع|وربع|والربع",
            .third: "ثلث|الثلث|وثلث|والثلث",
            .minus: "إلا|الا", .noon: "الظهيرة", .midnight: "منتصف الليل", .weekend: "نهاية الأسبوع|عطلة نهاية الأسبوع|الويكند",
        ],
        partsOfDay: ["الصباح|صباح", "الظهر|العصر", "المساء", "الليل|الليلة"],
        units: [.second: "ثانية|ثواني|ثوان", .minute: "دقيقة|دقائق", .hour: "ساعة|ساعات", .day: "يوم|أيام|ايام",
                .week: "أسبوع|أسابيع|الأسبوع|اسبوع", .month: "شهر|أشهر|شهور|الشهر", .year: "سنة|سنوات|سنين|السنة|عام|العام"],
        holidays: [
            Holiday(names: "عيد الميلاد|الكريسماس", month: 12, day: 25),
            Holiday(names: "رأس السنة|راس السنة", month: 1, day: 1),
        ],
        amPhrases: "صباحا|صباحاً|الصبح",
        pmPhrases: "مساء|مساءً|مساءا|ليلا|ليلاً|ظهرا|ظهراً|بعد الظهر",
        hourFirstClock: true,
        amountWords: [
            AmountWord(names: "ثانيتين|ثانيتان", unit: .second, quarters: 8),
            AmountWord(names: "دقيقتين|دقيقتان", unit: .minute, quarters: 8),
            AmountWord(names: "ساعتين|ساعتان", unit: .hour, quarters: 8),
            AmountWord(names: "يومين|يومان", unit: .day, quarters: 8),
            AmountWord(names: "أسبوعين|أسبوعان|اسبوعين", unit: .week, quarters: 8),
            AmountWord(names: "شهرين|شهران", unit: .month, quarters: 8),
            AmountWord(names: "سنتين|سنتان|عامين", unit: .year, quarters: 8),
        ],
        bareUnitIsOne: true,
        ordinalHours: true,
        dateSamples: ["اليوم", "غدا", "بعد غد", "أمس", "{weekday}", "{weekday} القادم", "{weekday} الماضي",
                      "{day} {month}", "{day} {month} {year}", "{month}", "الأسبوع القادم", "هذا الأسبوع", "الشهر الماضي",
                      "العام القادم", "بعد يومين", "بعد أسبوع", "قبل يومين", "منذ أسبوعين", "بعد {count} أيام"],
        timeSamples: ["الساعة {hour}", "الساعة السابعة", "الساعة الثامنة والنصف", "الساعة التاسعة إلا ربع", "الساعة السابعة والثلث",
                      "الساعة {hour} وعشر دقائق", "{hour} صباحا",
                      "{hour} مساء", "{clock}", "الظهيرة", "منتصف الليل", "المساء", "الصباح"],
        durationSamples: ["{count} دقائق", "{minute} دقيقة", "ساعة", "ساعتين", "{count} ساعات", "يومين", "{count} أيام",
                          "أسبوع", "{count} أسابيع", "شهر", "ساعة ونصف", "نصف ساعة"]
    )
}
