extension BuiltInIntents {
    /// hi-IN defaults: Hindi in Devanagari, the romanised Hinglish users also speak, and the
    /// English command words common in Indian usage. Written for this project.
    static let hindi: [String: [String]] = [
        "AMAZON.CancelIntent": [
            "रद्द करो", "रद्द कर दो", "कैंसल", "कैंसल करो", "छोड़ो", "रहने दो", "cancel", "cancel karo", "rehne do",
        ],
        "AMAZON.StopIntent": [
            "रुको", "रुक जाओ", "बंद करो", "बस", "बस करो", "चुप", "चुप हो जाओ", "बाहर निकलो", "अलविदा", "स्टॉप",
            "stop", "band karo", "ruko", "bas karo",
        ],
        "AMAZON.HelpIntent": [
            "मदद", "मदद करो", "मेरी मदद करो", "मुझे मदद चाहिए", "मैं क्या बोल सकता हूँ", "तुम क्या कर सकते हो",
            "यह कैसे काम करता है", "help", "madad karo", "help chahiye",
        ],
        "AMAZON.YesIntent": [
            "हाँ", "हां", "जी हाँ", "हाँ जी", "ठीक है", "बिल्कुल", "सही", "सही है", "ज़रूर", "yes", "haan",
            "haan ji", "theek hai", "ok",
        ],
        "AMAZON.NoIntent": [
            "नहीं", "जी नहीं", "नहीं चाहिए", "नहीं धन्यवाद", "गलत", "यह सही नहीं है", "बिल्कुल नहीं", "अभी नहीं",
            "no", "nahi", "nahin",
        ],
        "AMAZON.PauseIntent": [
            "रोको", "थोड़ा रुको", "पॉज़", "पॉज़ करो", "एक मिनट रुको", "pause", "pause karo",
        ],
        "AMAZON.ResumeIntent": [
            "जारी रखो", "चालू करो", "फिर से चलाओ", "आगे चलाओ", "resume", "continue karo", "chalu karo",
        ],
        "AMAZON.RepeatIntent": [
            "दोहराओ", "फिर से बोलो", "दोबारा बोलो", "एक बार और", "क्या कहा", "repeat", "phir se bolo", "dobara bolo",
        ],
        "AMAZON.StartOverIntent": [
            "शुरू से", "शुरू से शुरू करो", "नए सिरे से", "रीस्टार्ट", "start over", "shuru se",
        ],
        "AMAZON.NextIntent": [
            "अगला", "अगली", "अगला वाला", "आगे", "next", "agla", "skip",
        ],
        "AMAZON.PreviousIntent": [
            "पिछला", "पिछली", "पिछला वाला", "पीछे", "पीछे जाओ", "previous", "pichhla", "peeche jao",
        ],
        "AMAZON.MoreIntent": [
            "और", "और बताओ", "और दिखाओ", "और जानकारी", "और क्या", "more", "aur batao",
        ],
        "AMAZON.SelectIntent": [
            "यह वाला", "वह वाला", "इसे चुनो", "यही", "select", "yeh wala", "ise chuno",
        ],
        "AMAZON.ShuffleOnIntent": ["शफ़ल", "शफ़ल करो", "शफ़ल चालू करो", "shuffle", "shuffle karo"],
        "AMAZON.ShuffleOffIntent": ["शफ़ल बंद करो", "शफ़ल बंद", "shuffle band karo"],
        "AMAZON.LoopOnIntent": ["लूप", "लूप चालू करो", "बार बार चलाओ", "loop", "loop karo"],
        "AMAZON.LoopOffIntent": ["लूप बंद करो", "लूप बंद", "loop band karo"],
        "AMAZON.NavigateHomeIntent": ["होम", "होम पर जाओ", "होम स्क्रीन", "go home", "home screen"],
        "AMAZON.NavigateSettingsIntent": ["सेटिंग्स", "सेटिंग्स खोलो", "settings", "settings kholo"],
        "AMAZON.PageUpIntent": ["पिछला पेज", "पेज ऊपर", "page up"],
        "AMAZON.PageDownIntent": ["अगला पेज", "पेज नीचे", "page down"],
        "AMAZON.ScrollUpIntent": ["ऊपर स्क्रॉल करो", "ऊपर जाओ", "scroll up"],
        "AMAZON.ScrollDownIntent": ["नीचे स्क्रॉल करो", "नीचे जाओ", "scroll down"],
        "AMAZON.ScrollLeftIntent": ["बाएँ स्क्रॉल करो", "बाएँ जाओ", "scroll left"],
        "AMAZON.ScrollRightIntent": ["दाएँ स्क्रॉल करो", "दाएँ जाओ", "scroll right"],
        "AMAZON.SendToPhoneIntent": ["मेरे फ़ोन पर भेजो", "फ़ोन पर भेजो", "send to phone", "phone par bhejo"],
        "AMAZON.FallbackIntent": [],
    ]
}
