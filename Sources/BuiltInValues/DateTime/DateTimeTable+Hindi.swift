extension DateTimeTable {
    /// Hindi date, time and duration words: postpositions ("3 दिन बाद"), the part of the day
    /// before the hour ("शाम 5 बजे"), hours with fractions ("साढ़े तीन बजे" is 3:30).
    static let hindi = DateTimeTable(
        language: "hi",
        months: ["जनवरी", "फ़रवरी|फरवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर|सितम्बर",
                 "अक्टूबर|अक्तूबर", "नवंबर|नवम्बर", "दिसंबर|दिसम्बर"],
        weekdays: ["सोमवार", "मंगलवार", "बुधवार", "गुरुवार|बृहस्पतिवार", "शुक्रवार", "शनिवार", "रविवार|इतवार"],
        relativeDays: [0: "आज", 1: "कल", 2: "परसों"],
        keywords: [
            .next: "अगले|अगला|अगली|आने वाले|आने वाली", .this: "इस|इसी", .last: "पिछले|पिछला|पिछली|बीते",
            .ago: "पहले", .later: "बाद", .oclock: "बजे|बजकर", .midnight: "आधी रात", .weekend: "सप्ताहांत|वीकेंड",
        ],
        seasons: ["वसंत", "गर्मी|गर्मियों", "पतझड़", "सर्दी|सर्दियों"],
        partsOfDay: ["सुबह|सवेरे", "दोपहर", "शाम", "रात"],
        units: [.second: "सेकंड|सेकेंड", .minute: "मिनट", .hour: "घंटा|घंटे|घंटों", .day: "दिन|दिनों",
                .week: "हफ्ता|हफ्ते|हफ़्ता|हफ़्ते|सप्ताह", .month: "महीना|महीने|महीनों", .year: "साल|वर्ष"],
        holidays: [
            Holiday(names: "क्रिसमस", month: 12, day: 25),
            Holiday(names: "नया साल|नए साल", month: 1, day: 1),
            Holiday(names: "गणतंत्र दिवस", month: 1, day: 26),
            Holiday(names: "स्वतंत्रता दिवस", month: 8, day: 15),
        ],
        fractionWords: [6: "डेढ़", 10: "ढाई"],
        fractionPrefixes: [2: "साढ़े", 1: "सवा", -1: "पौने"],
        partOfDayBeforeHour: true,
        dateSamples: ["आज", "कल", "परसों", "{weekday}", "अगले {weekday}", "पिछले {weekday}", "इस {weekday}",
                      "{day} {month}", "{day} {month} {year}", "{month}", "अगले हफ्ते", "इस हफ्ते", "पिछले हफ्ते",
                      "अगले महीने", "अगले साल", "{count} दिन बाद", "{count} हफ्ते बाद", "{count} दिन पहले", "क्रिसमस"],
        timeSamples: ["{hour} बजे", "सुबह {hour} बजे", "शाम {hour} बजे", "रात {hour} बजे", "दोपहर {hour} बजे",
                      "साढ़े {hour} बजे", "सवा {hour} बजे", "पौने {hour} बजे", "डेढ़ बजे", "ढाई बजे",
                      "{hour} बजकर {minute} मिनट", "{clock}", "सुबह", "शाम", "रात"],
        durationSamples: ["{count} मिनट", "{count} घंटे", "एक घंटा", "डेढ़ घंटा", "ढाई घंटे", "साढ़े {count} घंटे",
                          "{count} दिन", "{count} हफ्ते", "{count} महीने", "{count} सेकंड"]
    )
}
