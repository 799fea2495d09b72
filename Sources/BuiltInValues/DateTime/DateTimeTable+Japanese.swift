extension DateTimeTable {
    /// Japanese date, time and duration words. Each kanji and hiragana is a token, so most
    /// words here are phrases ("月曜日", "時間"); dates are numbers with markers ("12月25日").
    static let japanese = DateTimeTable(
        language: "ja",
        weekdays: ["月曜日|月曜", "火曜日|火曜", "水曜日|水曜", "木曜日|木曜", "金曜日|金曜", "土曜日|土曜", "日曜日|日曜"],
        relativeDayPhrases: [0: "今日|きょう|本日", 1: "明日|あした|あす", -1: "昨日|きのう", 2: "明後日|あさって",
                             -2: "一昨日|おととい"],
        keywords: [
            .next: "来|次|今度", .this: "今", .last: "先|去", .ago: "前", .later: "後", .oclock: "時", .half: "半",
            .noon: "正午", .midnight: "真夜中", .weekend: "週末",
        ],
        seasons: ["春", "夏", "秋", "冬"],
        partsOfDay: ["朝|午前中", "昼|昼間", "夕方", "夜|晩"],
        units: [.second: "秒|秒間", .minute: "分|分間", .hour: "時間", .day: "日|日間", .week: "週|週間",
                .month: "か月|ヶ月|カ月|ケ月|か月間|ヶ月間|月", .year: "年|年間"],
        holidays: [
            Holiday(names: "元日|元旦|正月|お正月", month: 1, day: 1),
            Holiday(names: "クリスマス", month: 12, day: 25),
            Holiday(names: "クリスマスイブ", month: 12, day: 24),
            Holiday(names: "大晦日", month: 12, day: 31),
            Holiday(names: "バレンタインデー", month: 2, day: 14),
        ],
        amPhrases: "午前",
        pmPhrases: "午後",
        modifierFillers: "の",
        partOfDayBeforeHour: true,
        yearMarker: "年",
        monthMarker: "月",
        dayMarker: "日",
        dateSamples: ["今日", "明日", "明後日", "昨日", "{weekday}", "来週の{weekday}", "次の{weekday}", "今週の{weekday}",
                      "{monthNumber}月{day}日", "{monthNumber}月", "{year}年{monthNumber}月{day}日", "{day}日", "来週", "今週",
                      "先週", "来月", "今月", "来年", "週末", "今週末", "{count}日後", "{count}週間後", "{count}日前",
                      "クリスマス"],
        timeSamples: ["{hour}時", "{hour}時半", "{hour}時{minute}分", "午前{hour}時", "午後{hour}時", "午後{hour}時半",
                      "{clock}", "正午", "朝", "夜", "夕方"],
        durationSamples: ["{count}分", "{minute}分", "{count}秒", "{count}時間", "{count}時間半", "1時間{minute}分",
                          "{count}日間", "{count}週間", "{count}か月", "{count}年"]
    )
}
