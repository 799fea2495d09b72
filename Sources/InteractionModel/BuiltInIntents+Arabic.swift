extension BuiltInIntents {
    /// ar-SA defaults: Modern Standard Arabic with a few common Gulf colloquial forms. Written
    /// for this project; with the Arabic phrases Alexa's "Standard Built-in Intents" page
    /// (developer.amazon.com/docs/alexa/custom-skills/standard-built-in-intents.html) gives
    /// ("ساعديني", "ممكن مساعدة", "وقّفي التكرار" …), and "لا يهم" (never mind) cancels as there.
    static let arabic: [String: [String]] = [
        "AMAZON.CancelIntent": [
            "إلغاء", "الغاء", "ألغِ", "ألغي", "ألغِ ذلك", "انسَ الأمر", "انسى الموضوع", "لا داعي", "لا يهم",
        ],
        "AMAZON.StopIntent": [
            "توقف", "قف", "أوقف", "اسكت", "كفى", "خلاص", "إنهاء", "أنهِ", "خروج", "اخرج",
            "مع السلامة", "وداعا",
        ],
        "AMAZON.HelpIntent": [
            "مساعدة", "ساعدني", "ساعديني", "ممكن مساعدة", "أحتاج مساعدة", "ماذا يمكنني أن أقول", "ماذا تستطيع أن تفعل", "كيف يعمل هذا",
            "ما هي الخيارات",
        ],
        "AMAZON.YesIntent": [
            "نعم", "أجل", "أيوه", "ايوه", "بالتأكيد", "طبعا", "صحيح", "حسنا", "موافق", "تمام", "نعم من فضلك",
            "أكيد", "بلى",
        ],
        "AMAZON.NoIntent": [
            "لا", "لا شكرا", "كلا", "أبدا", "ليس الآن", "خطأ", "غير صحيح", "مستحيل", "لا أريد",
        ],
        "AMAZON.PauseIntent": [
            "إيقاف مؤقت", "أوقف مؤقتا", "انتظر", "لحظة", "انتظر قليلا", "لحظة من فضلك",
        ],
        "AMAZON.ResumeIntent": ["استئناف", "استأنف", "تابع", "أكمل", "استمر", "كمل"],
        "AMAZON.RepeatIntent": [
            "كرر", "أعد", "أعد ذلك", "مرة أخرى", "ماذا قلت", "عفوا", "قلها مرة أخرى", "ممكن تعيد",
        ],
        "AMAZON.StartOverIntent": [
            "ابدأ من جديد", "من البداية", "ابدأ من البداية", "إعادة البدء", "أعد التشغيل", "من الأول",
        ],
        "AMAZON.NextIntent": ["التالي", "التالية", "الذي بعده", "تخطى", "تخطي", "بعده"],
        "AMAZON.PreviousIntent": ["السابق", "السابقة", "ارجع", "رجوع", "الذي قبله", "قبله"],
        "AMAZON.MoreIntent": ["المزيد", "أخبرني المزيد", "اعرض المزيد", "تفاصيل أكثر", "ماذا أيضا", "أكثر"],
        "AMAZON.SelectIntent": ["اختر هذا", "هذا", "هذه", "ذلك", "أريد هذا", "اختيار"],
        "AMAZON.ShuffleOnIntent": ["تشغيل عشوائي", "شغل عشوائيا", "فعّل التشغيل العشوائي", "خلط"],
        "AMAZON.ShuffleOffIntent": ["أوقف التشغيل العشوائي", "ألغِ التشغيل العشوائي", "بدون عشوائي", "شغل بالترتيب"],
        "AMAZON.LoopOnIntent": [
            "تكرار مستمر", "فعّل التكرار", "شغل بشكل متكرر", "تكرار", "شغّل التكرار", "ابدئي وضع التكرار",
        ],
        "AMAZON.LoopOffIntent": ["أوقف التكرار", "ألغِ التكرار", "بدون تكرار", "وقّفي التكرار"],
        "AMAZON.NavigateHomeIntent": ["الصفحة الرئيسية", "اذهب إلى الرئيسية", "الشاشة الرئيسية", "القائمة الرئيسية"],
        "AMAZON.NavigateSettingsIntent": ["الإعدادات", "افتح الإعدادات", "اذهب إلى الإعدادات"],
        "AMAZON.PageUpIntent": ["الصفحة السابقة", "صفحة لأعلى"],
        "AMAZON.PageDownIntent": ["الصفحة التالية", "صفحة لأسفل"],
        "AMAZON.ScrollUpIntent": ["مرر لأعلى", "لأعلى"],
        "AMAZON.ScrollDownIntent": ["مرر لأسفل", "لأسفل"],
        "AMAZON.ScrollLeftIntent": ["مرر لليسار", "لليسار"],
        "AMAZON.ScrollRightIntent": ["مرر لليمين", "لليمين"],
        "AMAZON.SendToPhoneIntent": ["أرسله إلى هاتفي", "أرسل إلى الهاتف", "افتحه على هاتفي"],
        "AMAZON.FallbackIntent": [],
    ]
}
