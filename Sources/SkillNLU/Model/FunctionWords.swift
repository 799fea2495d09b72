/// Words that say nothing about a domain, by language: articles, pronouns, prepositions,
/// auxiliaries, question words, request verbs, courtesy, numbers and times of day.
///
/// Training reads them to tell a skill's content words from the words of any request (its
/// everyday requests); decoding reads them to tell a value from the words around it: a span
/// of free text made of nothing but such words and the skill's carrier words ("it over" of
/// "start it over") names no value (``NLUModel/namesNoValue(_:type:)``).
package enum FunctionWords {
    /// The words of the language of `languageCode` ("en", "fr" …); empty for a language
    /// without a table. Each language's table is made the first time it is asked for.
    package static func words(language languageCode: String) -> Set<String> {
        switch languageCode {
        case "en": english
        case "de": german
        case "fr": french
        case "es": spanish
        case "it": italian
        case "pt": portuguese
        case "ja": japanese
        case "hi": hindi
        case "ar": arabic
        default: []
        }
    }

    /// The words of a table's text, split at its spaces and line breaks (the tables hold no
    /// other white space), on the text's bytes: a table is made during a process's first
    /// classification, where splitting into `Character`s cost a millisecond.
    package static func table(_ text: String) -> Set<String> {
        var words = Set<String>()
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\n") {
                if i > start { words.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) }
                start = i + 1
            }
        }
        return words
    }

    /// English words that say nothing about a domain.
    package static let english: Set<String> = table("""
        a an the this that these those it it's its i i'm i'd i'll i've me my mine myself you you're your yours \
        we we're our us they they're their them he he's she she's his her him one ones something anything \
        what what's which who who's whom whose when when's where where's why how how's whats \
        is are was were be been being am do does did done don't doesn't didn't can can't could would \
        should will won't shall may might must have has had having \
        to of in on at for from with by about into onto over under up down out off as and or but if then than \
        so not no yes please thanks thank just also too very really some any much many more most all every each \
        other another there here now again still ever \
        tell show give get set make find let let's know want need like go going see say ask look help \
        try use put take keep turn start check \
        today tomorrow tonight now next last first new good \
        two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred
        """)

    /// German words that say nothing about a domain.
    package static let german: Set<String> = table("""
        der die das den dem des ein eine einen einem einer eines kein keine keinen keinem \
        ich mich mir mein meine meinen meinem meiner du dich dir dein deine deinen wir uns unser unsere \
        ihr euch sie ihn ihm ihnen er es man sich was wer wen wem wessen wie wo wann warum wieso welche welcher \
        welches welchen woher wohin wozu ist sind war waren bin bist sein hat habe hast haben hatte wird werden \
        wurde kann kannst können könnte soll sollte will willst möchte möchtest muss musst darf mag \
        zu zum zur von vom mit bei beim für auf aus an am im in ins über unter nach vor bis um durch gegen ohne \
        und oder aber wenn dann als dass ob nicht nur auch noch schon mal mehr sehr so ja nein bitte danke \
        doch denn etwas was alle alles viel viele wie viel jetzt heute morgen gestern abend hier da dort \
        mach mache machen sag sage sagen zeig zeige zeigen gib gibt geben nenn erzähl erzähle stell stelle \
        finde finden lass lassen such suche brauche brauchen geht gehen gibt es bitte \
        eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf zwanzig dreißig fünfzig hundert \
        uhr nächste nächsten nächster neue neuen neues gut gute
        """)

    /// French words that say nothing about a domain.
    package static let french: Set<String> = table("""
        le la les l' un une des du de d' au aux ce cet cette ces ça c' qu' j' m' t' s' n' \
        je me moi mon ma mes tu te toi ton ta tes il elle \
        on nous notre nos vous votre vos ils elles leur leurs lui y en \
        que qui quoi quel quelle quels quelles quand où comment pourquoi combien est ce c'est qu'est \
        suis es sommes êtes sont était être ai as a avons avez ont avoir fait faire fais peux peut pouvez pouvoir \
        veux veut voudrais vais va allez aller dois doit faut \
        à dans sur sous pour par avec sans chez vers entre avant après depuis pendant jusqu'à \
        et ou mais si alors donc ne pas plus non oui merci \
        s'il te vous plaît plait très bien aussi encore déjà tout tous toute \
        quelque chose beaucoup peu maintenant aujourd'hui demain ce soir hier ici là \
        dis dit donne montre mets trouve cherche dis moi donne moi montre moi \
        un deux trois quatre cinq six sept huit neuf dix onze douze vingt trente cinquante cent \
        heure heures prochain prochaine nouveau nouvelle bon bonne
        """)

    /// Spanish words that say nothing about a domain.
    package static let spanish: Set<String> = table("""
        el la los las lo un una unos unas al del este esta esto estos estas ese esa eso \
        yo me mi mis mí tú te tu tus ti él ella \
        nos nosotros nuestro nuestra vosotros os usted ustedes le les se su sus \
        qué que quién quiénes cuál cuáles cuándo dónde cómo cuánto cuánta cuántos cuántas por porqué \
        es son era ser estoy está estás están estar soy eres hay he has ha hemos han haber tengo tienes tiene tener \
        puedo puedes puede poder quiero quieres quiere querer voy vas va ir debo hace hacer \
        a de en con sin para sobre entre desde hasta hacia según ante tras \
        y o pero si no sí ni también ya muy más menos todo toda todos todas algo nada mucho poco \
        por favor gracias ahora hoy mañana esta noche tarde ayer aquí ahí allí \
        dime dame dile pon ponme muéstrame enséñame busca búscame haz hazme di \
        uno dos tres cuatro cinco seis siete ocho nueve diez once doce veinte treinta cincuenta cien \
        hora horas próximo próxima nuevo nueva buen bueno buena
        """)

    /// Italian words that say nothing about a domain.
    package static let italian: Set<String> = table("""
        il lo la i gli le l' un uno una un' del dello della dei degli delle al allo alla ai agli alle \
        dal dalla dai nel nello nella nei nelle sul sulla sui questo questa questi queste quello quella \
        io mi me mio mia miei mie tu ti te tuo tua lui lei ci noi nostro nostra vi voi vostro si suo sua loro ne \
        che chi cosa cos' come dove dov' quando quanto quanta quanti quante quale qual perché \
        è sono sei era essere ho hai ha abbiamo hanno avere posso puoi può potere voglio vuoi vuole vorrei \
        vado vai va andare devo deve fa fare faccio c' \
        a di da in con su per tra fra senza verso fino \
        e o ma se non sì no anche già molto più meno tutto tutta tutti tutte qualcosa niente poco \
        per favore grazie adesso ora oggi domani stasera ieri qui qua lì là \
        dimmi dammi metti mostrami trova trovami fammi dai \
        due tre quattro cinque sei sette otto nove dieci undici dodici venti trenta cinquanta cento \
        ore prossimo prossima nuovo nuova buono buona
        """)

    /// Portuguese words that say nothing about a domain.
    package static let portuguese: Set<String> = table("""
        o a os as um uma uns umas ao aos à às do da dos das no na nos nas num numa pelo pela \
        este esta isto esse essa isso aquele aquela \
        eu me mim meu minha meus minhas você vocês te teu tua \
        seu sua seus suas ele ela eles elas nós nosso nossa lhe se \
        que quê quem qual quais quando onde como quanto quanta quantos quantas por porque \
        é são era ser estou está estão estar sou tem têm ter tenho há vai vou ir posso pode podem poder \
        quero quer querer preciso precisa faz fazer \
        de em com sem para pra pro sobre entre até desde \
        e ou mas se não sim também já muito mais menos tudo todo toda todos todas algo alguma algum nada pouco \
        por favor obrigado obrigada agora hoje amanhã noite ontem aqui aí ali lá \
        me diz me dá mostra fala diga procura coloca \
        dois duas três quatro cinco seis sete oito nove dez onze doze vinte trinta cinquenta cem \
        hora horas próximo próxima novo nova bom boa
        """)

    /// Japanese tokens that say nothing about a domain. The
    /// tokenizer makes each Hiragana and Han character a token, so these are every Hiragana
    /// character (particles, verb and adjective endings), the prolonged-sound mark and the
    /// commonest Han characters of questions, requests, times and numbers.
    package static let japanese: Set<String> = {
        var words = Set((0x3041...0x3096).compactMap { Unicode.Scalar($0).map { String(Character($0)) } })
        words.insert("ー")
        for c in "何今日明私僕誰一二三四五六七八九十百千万分時度毎回方事物人上中前後来行見聞出入使教言下思欲次新" {
            words.insert(String(c))
        }
        return words
    }()

    /// Hindi words that say nothing about a domain.
    package static let hindi: Set<String> = table("""
        मैं मुझे मुझसे मेरा मेरी मेरे हम हमें हमारा हमारी तुम तुम्हें \
        तुम्हारा तुम्हारी आप आपका आपकी यह ये वह वो इस उस इसे उसे \
        क्या कौन कौनसा कौनसी कब कहां कहाँ कैसे कैसा कैसी क्यों कितना कितनी कितने किसने किस \
        है हैं था थी थे हो होगा होगी होता होती होते हुआ रहा रही रहे गया गई सकता सकती सकते \
        का की के को में से पर तक लिए साथ बाद पहले और या लेकिन अगर तो भी ही नहीं ना हाँ हां जी \
        कोई कुछ सब सबसे बहुत ज़्यादा कम अभी आज कल फिर बाकी पास \
        करो करें कर करना दो दे दीजिए बताओ बताइए बताना दिखाओ सुनाओ ढूंढो चलाओ लगाओ चाहिए प्लीज़ कृपया धन्यवाद \
        एक दो तीन चार पांच छह सात आठ नौ दस बीस सौ बजे बजा नया नई अगला अगली अच्छा अच्छी
        """)

    /// Arabic words that say nothing about a domain.
    package static let arabic: Set<String> = table("""
        أنا أنت أنتي أنتم نحن هو هي هم هذا هذه ذلك تلك الذي التي لي لك له لها لنا عندي عندك عنده \
        ما ماذا من متى أين كيف كم لماذا هل أي أيش وش ليش \
        في على إلى الى من عن مع بين بعد قبل حتى عند و أو لكن ثم إذا اذا لو لا نعم ليس لم لن قد \
        كان يكون سوف سيكون هناك هنا الآن اليوم غدا أمس الليلة الساعة \
        قل لي أعطني اعطني أخبرني اعرض أرني ابحث شغل اضبط خذني أريد ابي أبغى ممكن لو سمحت من فضلك شكرا \
        كل بعض شيء أكثر أقل جدا أيضا مرة ثانية باقي \
        واحد اثنين ثلاثة أربعة خمسة ستة سبعة ثمانية تسعة عشرة عشرين مئة \
        القادم القادمة جديد جديدة جيد
        """)
}
