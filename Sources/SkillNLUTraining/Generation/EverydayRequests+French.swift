extension EverydayRequests {
    /// French requests from the everyday domains of a voice assistant. Written for this
    /// project; lower case, without punctuation but apostrophes, as a speech recogniser writes them.
    static let french: [String] = [
        // weather
        "quel temps fait il aujourd'hui", "quelle est la météo à paris", "est ce qu'il va pleuvoir demain",
        "il fait combien dehors", "est ce que j'ai besoin d'un parapluie", "va t il neiger ce week end",
        "quelles sont les prévisions pour vendredi", "est ce qu'il y a du vent à marseille",
        // time and date
        "quelle heure est il", "on est quel jour", "quelle est la date d'aujourd'hui", "quelle heure est il à montréal",
        "combien de jours avant noël", "quand passe t on à l'heure d'été",
        // alarms, timers, reminders, calendar
        "mets un réveil à six heures trente", "réveille moi demain à sept heures", "lance un minuteur de dix minutes",
        "combien de temps reste t il sur le minuteur", "supprime mon réveil", "rappelle moi d'appeler le dentiste",
        "rappelle moi d'arroser les plantes ce soir", "qu'est ce que j'ai dans mon agenda demain",
        "ajoute une réunion avec sophie lundi", "c'est quand mon prochain rendez vous",
        // music and media
        "mets du jazz", "joue le dernier album de stromae", "passe à la chanson suivante", "monte le volume",
        "qui chante cette chanson", "joue ma playlist de sport", "mets la radio", "mets un podcast sur l'histoire",
        "reprends mon livre audio", "joue des bruits de pluie",
        // news, sports
        "quelles sont les infos du jour", "donne moi les gros titres", "quelles sont les nouvelles économiques",
        "qui a gagné le match hier soir", "quand joue le psg", "quel est le score du match de rugby",
        "qui est en tête du tour de france",
        // jokes, small talk, the assistant itself
        "raconte moi une blague", "dis moi quelque chose de drôle", "chante moi une chanson", "quel âge as tu",
        "quelle est ta couleur préférée", "est ce que tu as un animal", "es tu un robot", "qui t'a créé",
        "quel est le sens de la vie", "dis moi une anecdote", "lance une pièce", "lance un dé",
        "choisis un nombre entre un et dix", "raconte moi une histoire pour dormir",
        // knowledge, maths, language
        "quelle est la hauteur du mont blanc", "qui était le premier président de la république",
        "quelle est la capitale de l'australie", "à quelle distance est la lune",
        "quand a été construite la tour eiffel",
        "combien de grammes dans une livre", "combien font quinze pour cent de quatre vingts",
        "quelle est la racine carrée de deux",
        "convertis dix miles en kilomètres", "comment s'écrit nécessaire", "que veut dire éphémère",
        "comment dit on bonjour en anglais", "qui a écrit les misérables", "combien d'habitants en belgique",
        "pourquoi le ciel est bleu",
        // smart home
        "éteins la lumière", "allume la lumière de la cuisine", "baisse la lumière de la chambre",
        "règle le chauffage sur vingt deux degrés", "ferme la porte d'entrée à clé", "est ce que le garage est ouvert",
        "lance l'aspirateur", "allume le ventilateur", "montre moi la caméra de l'entrée",
        // calls and messages
        "appelle maman", "envoie un texto à julien pour dire que je suis en retard", "lis mes messages",
        "est ce que j'ai des nouveaux mails", "envoie un message au groupe famille",
        "appelle la pharmacie la plus proche",
        // shopping
        "ajoute du lait à ma liste de courses", "qu'est ce qu'il y a sur ma liste de courses",
        "recommande du papier toilette",
        "où est mon colis", "suis ma commande amazon", "combien coûte le nouvel iphone", "achète des piles",
        // navigation, traffic, travel
        "comment est la circulation sur le périphérique", "guide moi jusqu'à la station essence la plus proche",
        "à combien est l'aéroport", "réserve un vol pour lisbonne", "trouve moi un hôtel à lyon",
        "mon vol est il à l'heure",
        "quel est le taux de change du dollar", "à quelle heure part le prochain train pour bordeaux",
        // restaurants and recipes
        "trouve un restaurant japonais près d'ici", "réserve une table pour quatre à vingt heures",
        "comment faire des crêpes", "donne moi une recette de lasagnes", "combien de temps cuire un œuf",
        "quel vin avec le saumon", "combien de calories dans une pomme",
        // health and fitness
        "combien de pas ai je fait aujourd'hui", "démarre une séance de sport", "quels sont les symptômes de la grippe",
        "trouve un médecin près de chez moi", "rappelle moi de prendre mes vitamines", "lance une méditation",
        // money and work
        "quel est le solde de mon compte", "vire cinquante euros sur mon livret", "comment va la bourse",
        "quel est le cours du bitcoin", "paie ma facture d'électricité", "combien de jours de congés il me reste",
        // entertainment
        "quels films passent ce soir au cinéma", "conseille moi une bonne série",
        "qu'est ce qu'il y a à la télé ce soir",
        "on joue à un jeu", "pose moi une question de culture générale", "trouve des billets pour un concert",
        // devices and chores
        "quel est le mot de passe du wifi", "connecte toi à mon enceinte bluetooth", "prends une photo",
        "mets mon téléphone en silencieux", "combien de batterie il reste", "quand passent les poubelles",
        "trouve un plombier", "comment enlever une tache sur une chemise", "à quelle heure ferme la poste",
        "comment changer un pneu crevé",
    ]
}
