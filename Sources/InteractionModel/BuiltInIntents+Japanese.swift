extension BuiltInIntents {
    /// ja-JP defaults. Written for this project.
    /// Alexa's "Standard Built-in Intents" page (developer.amazon.com/docs/alexa/custom-skills/
    /// standard-built-in-intents.html) files "never mind" under AMAZON.CancelIntent, so its
    /// equivalent here (「もういい」「やっぱりいい」) cancels.
    static let japanese: [String: [String]] = [
        "AMAZON.CancelIntent": [
            "キャンセル", "キャンセルして", "取り消し", "取り消して", "やっぱりいい", "やっぱりやめる", "なしで",
            "もういい", "なんでもない",
        ],
        "AMAZON.StopIntent": [
            "ストップ", "止めて", "とめて", "やめて", "終了", "終わり", "おしまい", "黙って", "静かにして",
            "さようなら", "バイバイ", "閉じて",
        ],
        "AMAZON.HelpIntent": [
            "ヘルプ", "助けて", "使い方を教えて", "何ができるの", "何て言えばいい", "どうすればいい", "使い方",
            "ヘルプをお願い",
        ],
        "AMAZON.YesIntent": [
            "はい", "うん", "ええ", "そう", "そうです", "そうだよ", "お願いします", "オーケー", "いいよ", "いいです",
            "大丈夫", "もちろん", "その通り",
        ],
        "AMAZON.NoIntent": [
            "いいえ", "いや", "ううん", "違う", "違います", "ちがう", "結構です", "いらない", "だめ", "ノー",
            "そうじゃない",
        ],
        "AMAZON.PauseIntent": [
            "一時停止", "ポーズ", "一時停止して", "ちょっと待って", "待って", "少し待って",
        ],
        "AMAZON.ResumeIntent": [
            "再開", "再開して", "続けて", "続き", "続きを再生", "再生を再開",
        ],
        "AMAZON.RepeatIntent": [
            "もう一度", "もう一回", "繰り返して", "もう一度言って", "なんて言った", "聞こえなかった", "もう一度お願い",
        ],
        "AMAZON.StartOverIntent": [
            "最初から", "最初からやり直して", "やり直し", "やり直して", "はじめから", "リセット", "もう一度最初から",
        ],
        "AMAZON.NextIntent": [
            "次", "次へ", "次の", "次のやつ", "スキップ", "飛ばして", "次に進んで",
        ],
        "AMAZON.PreviousIntent": [
            "前", "前へ", "前の", "戻って", "戻る", "一つ前", "前に戻って",
        ],
        "AMAZON.MoreIntent": [
            "もっと", "もっと教えて", "もっと見せて", "他には", "詳しく", "詳しく教えて", "さらに",
        ],
        "AMAZON.SelectIntent": [
            "これ", "それ", "これにする", "それにする", "これを選んで", "選択", "それを選ぶ",
        ],
        "AMAZON.ShuffleOnIntent": [
            "シャッフル", "シャッフルして", "シャッフルをオン", "ランダム再生", "シャッフル再生",
        ],
        "AMAZON.ShuffleOffIntent": [
            "シャッフルをオフ", "シャッフルやめて", "シャッフル解除", "順番に再生",
        ],
        "AMAZON.LoopOnIntent": [
            "ループ", "ループして", "ループをオン", "リピート再生", "繰り返し再生",
        ],
        "AMAZON.LoopOffIntent": [
            "ループをオフ", "ループやめて", "ループ解除", "リピート解除",
        ],
        "AMAZON.NavigateHomeIntent": [
            "ホーム", "ホームに戻って", "ホーム画面", "ホーム画面に戻る", "トップに戻って",
        ],
        "AMAZON.NavigateSettingsIntent": ["設定", "設定を開いて", "設定画面", "設定に移動"],
        "AMAZON.PageUpIntent": ["前のページ", "ページアップ", "上のページ"],
        "AMAZON.PageDownIntent": ["次のページ", "ページダウン", "下のページ"],
        "AMAZON.ScrollUpIntent": ["上にスクロール", "上へ", "スクロールアップ"],
        "AMAZON.ScrollDownIntent": ["下にスクロール", "下へ", "スクロールダウン"],
        "AMAZON.ScrollLeftIntent": ["左にスクロール", "左へ"],
        "AMAZON.ScrollRightIntent": ["右にスクロール", "右へ"],
        "AMAZON.SendToPhoneIntent": ["スマホに送って", "携帯に送って", "スマートフォンに送信", "スマホで開いて"],
        "AMAZON.FallbackIntent": [],
    ]
}
