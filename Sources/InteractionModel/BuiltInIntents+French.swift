extension BuiltInIntents {
    /// fr-FR defaults (also fr-CA). Written for this project.
    /// Alexa's "Standard Built-in Intents" page (developer.amazon.com/docs/alexa/custom-skills/
    /// standard-built-in-intents.html) files "never mind" under AMAZON.CancelIntent, so its
    /// equivalent here ("peu importe", "laisse tomber") cancels.
    static let french: [String: [String]] = [
        "AMAZON.CancelIntent": [
            "annuler", "annule", "annule ça", "annule tout", "laisse tomber", "oublie ça", "oublie",
            "annuler s'il te plaît", "peu importe", "tant pis",
            "j'ai changé d'avis", "finalement non", "non laisse tomber", "oublie ce que j'ai dit", "je ne veux plus",
            "annule ma demande", "ne fais pas ça",
        ],
        "AMAZON.StopIntent": [
            "stop", "arrête", "arrêter", "arrête-toi", "tais-toi", "silence", "ça suffit", "quitter", "quitte",
            "fin", "terminer", "au revoir", "salut",
            "c'est tout", "ce sera tout", "c'est fini", "j'ai fini", "on arrête", "tu peux arrêter",
            "arrête maintenant", "à plus tard", "quitte l'application", "stop merci", "bonne journée",
        ],
        "AMAZON.HelpIntent": [
            "aide", "aide-moi", "à l'aide", "j'ai besoin d'aide", "que puis-je dire",
            "qu'est-ce que je peux dire", "que sais-tu faire", "comment ça marche", "quelles sont les options",
        ],
        "AMAZON.YesIntent": [
            "oui", "ouais", "d'accord", "ok", "bien sûr", "exactement", "c'est ça", "c'est exact", "correct",
            "oui s'il te plaît", "absolument", "tout à fait", "volontiers", "parfait", "affirmatif",
            "oui c'est ça", "oui bien sûr", "vas-y", "fais-le", "ça marche", "c'est bon", "oui merci", "ok vas-y",
        ],
        "AMAZON.NoIntent": [
            "non", "non merci", "pas du tout", "pas maintenant", "négatif", "c'est faux", "ce n'est pas ça",
            "incorrect", "certainement pas", "surtout pas",
            "non pas vraiment", "pas cette fois", "non ça ira", "ça ira merci", "pas besoin", "non c'est faux",
            "je ne pense pas", "non plus tard",
        ],
        "AMAZON.PauseIntent": [
            "pause", "mets en pause", "fais une pause", "attends", "attends un peu", "un instant", "un moment",
            "attends une seconde", "une seconde", "mets ça en pause", "pause s'il te plaît", "attends deux minutes",
        ],
        "AMAZON.ResumeIntent": [
            "reprendre", "reprends", "continue", "continuer", "poursuis", "reprends la lecture", "enlève la pause",
            "continue s'il te plaît", "reprends où tu en étais", "vas-y continue", "on continue",
        ],
        "AMAZON.RepeatIntent": [
            "répète", "répéter", "répète ça", "encore une fois", "redis-le", "pardon", "comment",
            "qu'as-tu dit", "tu peux répéter",
            "tu peux répéter s'il te plaît", "je n'ai pas compris", "qu'est-ce que tu as dit", "redis ça",
            "répète s'il te plaît", "tu peux le redire",
        ],
        "AMAZON.StartOverIntent": [
            "recommencer", "recommence", "on recommence", "depuis le début", "reprendre depuis le début",
            "réinitialiser", "recommencer à zéro",
            "on reprend depuis le début", "reprends tout depuis le début", "on recommence à zéro",
        ],
        "AMAZON.NextIntent": [
            "suivant", "le suivant", "la suivante", "passe", "passer", "passe au suivant", "saute", "après",
            "passe au suivant s'il te plaît", "au suivant", "le prochain", "on passe à la suite",
        ],
        "AMAZON.PreviousIntent": [
            "précédent", "le précédent", "la précédente", "retour", "reviens en arrière", "en arrière", "revenir",
            "reviens au précédent", "celui d'avant", "retourne en arrière",
        ],
        "AMAZON.MoreIntent": [
            "plus", "encore", "dis-m'en plus", "en savoir plus", "montre plus", "plus de détails", "quoi d'autre",
        ],
        "AMAZON.SelectIntent": [
            "sélectionner", "sélectionne", "choisis celui-ci", "celui-ci", "celle-ci", "celui-là",
            "je prends celui-là", "prends celui-ci",
        ],
        "AMAZON.ShuffleOnIntent": [
            "aléatoire", "lecture aléatoire", "active la lecture aléatoire", "mode aléatoire",
            "mélange les chansons",
        ],
        "AMAZON.ShuffleOffIntent": [
            "désactive la lecture aléatoire", "arrête la lecture aléatoire", "pas d'aléatoire",
            "lecture dans l'ordre",
        ],
        "AMAZON.LoopOnIntent": [
            "en boucle", "lecture en boucle", "active la boucle", "mode boucle", "joue en boucle",
        ],
        "AMAZON.LoopOffIntent": [
            "désactive la boucle", "arrête la boucle", "pas de boucle", "boucle désactivée",
        ],
        "AMAZON.NavigateHomeIntent": [
            "accueil", "retour à l'accueil", "écran d'accueil", "va à l'accueil", "menu principal",
        ],
        "AMAZON.NavigateSettingsIntent": [
            "paramètres", "réglages", "ouvre les paramètres", "va dans les réglages", "montre les paramètres",
        ],
        "AMAZON.PageUpIntent": ["page précédente", "remonte d'une page", "page vers le haut"],
        "AMAZON.PageDownIntent": ["page suivante", "descends d'une page", "page vers le bas"],
        "AMAZON.ScrollUpIntent": ["fais défiler vers le haut", "monte", "vers le haut"],
        "AMAZON.ScrollDownIntent": ["fais défiler vers le bas", "descends", "vers le bas"],
        "AMAZON.ScrollLeftIntent": ["fais défiler vers la gauche", "à gauche", "vers la gauche"],
        "AMAZON.ScrollRightIntent": ["fais défiler vers la droite", "à droite", "vers la droite"],
        "AMAZON.SendToPhoneIntent": [
            "envoie-le sur mon téléphone", "envoie ça sur mon portable", "envoyer au téléphone",
            "ouvre-le sur mon téléphone",
        ],
        "AMAZON.FallbackIntent": [],
    ]
}
