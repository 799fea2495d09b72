extension BuiltInIntents {
    /// en-US defaults (also en-GB, en-IN, en-AU, en-CA). Written for this project. The common
    /// utterances of Alexa's "Standard Built-in Intents" page
    /// (developer.amazon.com/docs/alexa/custom-skills/standard-built-in-intents.html) are here
    /// under the intent it names ("never mind" and "forget it" cancel, "shut up" stops, "skip
    /// back" is previous), except a lone "off" for stop: a word that ends many requests to other
    /// skills ("lights off"), and, as a sample of its own, it moved small skills' answers.
    static let english: [String: [String]] = [
        "AMAZON.CancelIntent": [
            "cancel", "cancel that", "cancel it", "please cancel", "cancel please", "forget it",
            "forget about it", "abort", "abort that", "scratch that", "cancel the request", "never mind",
            "nevermind",
        ],
        "AMAZON.StopIntent": [
            "stop", "stop it", "stop please", "please stop", "shut up", "be quiet", "quiet", "enough",
            "that's enough", "exit", "quit", "end", "i'm done", "i am done",
            "goodbye", "good bye", "bye", "stop talking", "leave", "turn off",
        ],
        "AMAZON.HelpIntent": [
            "help", "help me", "help please", "i need help", "can you help me", "what can i say",
            "what can you do", "how does this work", "how do i use this", "what are my options",
            "i don't understand", "i'm confused",
        ],
        "AMAZON.YesIntent": [
            "yes", "yeah", "yep", "yup", "sure", "of course", "ok", "okay", "correct", "that's right",
            "that is right", "right", "absolutely", "yes please", "please do", "sounds good", "definitely",
            "go ahead", "affirmative", "why not",
        ],
        "AMAZON.NoIntent": [
            "no", "nope", "nah", "no thanks", "no thank you", "not really", "not now", "negative",
            "that's wrong", "that is not right", "wrong", "incorrect", "i don't think so", "definitely not",
            "no way", "not at all",
        ],
        "AMAZON.PauseIntent": [
            "pause", "pause it", "pause that", "pause please", "pause the music", "pause playback",
            "hold on", "hold on a second", "wait", "wait a moment", "one moment",
        ],
        "AMAZON.ResumeIntent": [
            "resume", "continue", "keep going", "go on", "carry on", "resume playback", "unpause",
            "continue playing", "pick up where i left off",
        ],
        "AMAZON.RepeatIntent": [
            "repeat", "repeat that", "say that again", "say it again", "come again", "what did you say",
            "pardon", "can you repeat that", "please repeat", "one more time", "again",
        ],
        "AMAZON.StartOverIntent": [
            "start over", "restart", "start again", "begin again", "from the beginning",
            "start from the beginning", "reset", "let's start over", "start from scratch",
        ],
        "AMAZON.NextIntent": [
            "next", "next one", "the next one", "next please", "skip", "skip this", "skip it",
            "go to the next one", "move on", "forward", "skip forward", "what's next",
        ],
        "AMAZON.PreviousIntent": [
            "previous", "previous one", "the previous one", "go back", "back", "the one before",
            "last one", "go to the previous one", "back up", "skip back",
        ],
        "AMAZON.MoreIntent": [
            "more", "tell me more", "show more", "show me more", "more please", "give me more",
            "what else", "more details", "more information", "keep talking",
        ],
        "AMAZON.SelectIntent": [
            "select", "select this", "select that", "select this one", "choose this one", "that one",
            "this one", "pick this one", "i'll take that one", "choose that",
        ],
        "AMAZON.ShuffleOnIntent": [
            "shuffle", "shuffle on", "turn on shuffle", "turn shuffle on", "shuffle the songs",
            "shuffle mode on", "shuffle the music", "play in random order", "mix it up",
        ],
        "AMAZON.ShuffleOffIntent": [
            "shuffle off", "turn off shuffle", "turn shuffle off", "stop shuffling", "no shuffle",
            "shuffle mode off", "play in order",
        ],
        "AMAZON.LoopOnIntent": [
            "loop", "loop on", "turn on loop", "loop this", "keep looping", "loop mode on", "repeat mode on",
            "play it on repeat", "keep playing this",
        ],
        "AMAZON.LoopOffIntent": [
            "loop off", "turn off loop", "stop looping", "loop mode off", "repeat mode off", "don't loop",
            "no loop",
        ],
        "AMAZON.NavigateHomeIntent": [
            "go home", "home", "go to the home screen", "home screen", "take me home", "go to the main menu",
        ],
        "AMAZON.NavigateSettingsIntent": [
            "settings", "open settings", "go to settings", "show settings", "show me the settings",
            "device settings",
        ],
        "AMAZON.PageUpIntent": ["page up", "previous page", "go up a page", "one page up"],
        "AMAZON.PageDownIntent": ["page down", "next page", "go down a page", "one page down"],
        "AMAZON.ScrollUpIntent": ["scroll up", "scroll upward", "move up", "go up"],
        "AMAZON.ScrollDownIntent": ["scroll down", "scroll downward", "move down", "go down"],
        "AMAZON.ScrollLeftIntent": ["scroll left", "scroll to the left", "move left", "go left"],
        "AMAZON.ScrollRightIntent": ["scroll right", "scroll to the right", "move right", "go right"],
        "AMAZON.SendToPhoneIntent": [
            "send it to my phone", "send this to my phone", "send to phone", "open it on my phone",
            "show it on my phone",
        ],
        "AMAZON.FallbackIntent": [],
    ]
}
