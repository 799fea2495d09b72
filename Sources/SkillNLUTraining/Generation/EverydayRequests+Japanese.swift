extension EverydayRequests {
    /// Japanese requests from the everyday domains of a voice assistant. Written for this
    /// project; without spaces or punctuation, as a speech recogniser writes them.
    static let japanese: [String] = [
        // weather
        "今日の天気は", "明日は雨が降る", "外は寒い", "傘はいる", "週末は雪が降るかな", "金曜日の天気予報を教えて",
        "午後は暑くなる", "札幌は風が強い",
        // time and date
        "今何時", "今日は何曜日", "今日は何日", "ロンドンは今何時", "クリスマスまであと何日", "今日の日付を教えて",
        // alarms, timers, reminders, calendar
        "六時半にアラームをセットして", "明日七時に起こして", "十分のタイマーをかけて", "タイマーはあと何分",
        "アラームを消して", "歯医者に電話するのをリマインドして", "今夜植物に水をやるのを思い出させて",
        "明日の予定は", "月曜日に田中さんとの会議を入れて", "次の予定はいつ",
        // music and media
        "ジャズをかけて", "米津玄師の新しいアルバムを再生して", "この曲をスキップして", "音量を上げて",
        "この曲は誰が歌ってる", "ランニング用のプレイリストをかけて", "ラジオをつけて", "歴史のポッドキャストを再生して",
        "オーディオブックの続きを再生して", "雨の音を流して",
        // news, sports
        "今日のニュースを教えて", "主なニュースは", "経済ニュースを教えて", "昨日の試合はどっちが勝った",
        "巨人の次の試合はいつ", "サッカーの試合の結果を教えて", "今のリーグの首位はどこ",
        // jokes, small talk, the assistant itself
        "何か面白い話をして", "ダジャレを言って", "歌を歌って", "何歳ですか", "好きな色は何", "ペットを飼ってる",
        "あなたはロボットですか", "誰があなたを作ったの", "人生の意味は何", "豆知識を教えて", "コインを投げて",
        "サイコロを振って", "一から十の間で数字を選んで", "寝る前のお話をして",
        // knowledge, maths, language
        "富士山の高さは", "日本の初代総理大臣は誰", "オーストラリアの首都はどこ", "月までの距離は",
        "東京タワーはいつ建てられた", "一ポンドは何グラム", "八十の十五パーセントはいくつ", "二の平方根は",
        "十マイルは何キロ", "ありがとうは英語で何て言う", "曖昧ってどういう意味", "吾輩は猫であるの作者は誰",
        "カナダの人口は", "空はなぜ青いの",
        // smart home
        "電気を消して", "キッチンの電気をつけて", "寝室の電気を暗くして", "エアコンを二十五度に設定して",
        "玄関の鍵を閉めて", "ガレージは開いてる", "掃除機をかけて", "扇風機をつけて", "玄関のカメラを見せて",
        // calls and messages
        "お母さんに電話して", "遅れるって健太にメッセージを送って", "メッセージを読んで", "新しいメールはある",
        "家族のグループにメッセージを送って", "近くの薬局に電話して",
        // shopping
        "買い物リストに牛乳を追加して", "買い物リストを教えて", "トイレットペーパーをもう一度注文して",
        "荷物はどこ", "アマゾンの注文を追跡して", "新しいアイフォンはいくら", "電池を買って",
        // navigation, traffic, travel
        "高速道路の渋滞情報を教えて", "一番近いガソリンスタンドまで案内して", "空港までどのくらいかかる",
        "大阪行きの飛行機を予約して", "京都のホテルを探して", "私の便は定刻通り", "ドルの為替レートは",
        "次の新幹線は何時",
        // restaurants and recipes
        "近くのラーメン屋を探して", "八時に四人で予約して", "カレーの作り方を教えて", "肉じゃがのレシピを教えて",
        "ゆで卵は何分ゆでる", "魚に合うワインは", "りんごのカロリーは",
        // health and fitness
        "今日は何歩歩いた", "ワークアウトを始めて", "インフルエンザの症状は", "近くの病院を探して",
        "ビタミンを飲むのを忘れないように言って", "瞑想を始めて",
        // money and work
        "銀行の残高を教えて", "貯金に五万円振り込んで", "株価はどう", "ビットコインの値段は", "電気代を払って",
        "有給はあと何日残ってる",
        // entertainment
        "今夜の映画は何がやってる", "おすすめのドラマを教えて", "今テレビで何やってる", "ゲームをしよう",
        "クイズを出して", "コンサートのチケットを探して",
        // devices and chores
        "ワイファイのパスワードは", "ブルートゥーススピーカーにつないで", "写真を撮って", "スマホをマナーモードにして",
        "バッテリーはあとどのくらい", "ゴミの日はいつ", "水道屋さんを探して", "シャツのシミの落とし方を教えて",
        "郵便局は何時に閉まる", "パンクしたタイヤの交換方法は",
    ]

    /// Japanese tokens that say nothing about a domain (see ``Table/functionWords``). The
    /// tokenizer makes each Hiragana and Han character a token, so these are every Hiragana
    /// character (particles, verb and adjective endings), the prolonged-sound mark and the
    /// commonest Han characters of questions, requests, times and numbers.
    static let japaneseFunctionWords: Set<String> = {
        var words = Set((0x3041...0x3096).compactMap { Unicode.Scalar($0).map { String(Character($0)) } })
        words.insert("ー")
        for c in "何今日明私僕誰一二三四五六七八九十百千万分時度毎回方事物人上中前後来行見聞出入使教言下思欲次新" {
            words.insert(String(c))
        }
        return words
    }()
}
