extension BuiltInIntents {
    /// es-ES defaults (also es-MX, es-US). Written for this project.
    /// Alexa's "Standard Built-in Intents" page (developer.amazon.com/docs/alexa/custom-skills/
    /// standard-built-in-intents.html) files "never mind" under AMAZON.CancelIntent, so its
    /// equivalent here ("no importa", "olvídalo") cancels.
    static let spanish: [String: [String]] = [
        "AMAZON.CancelIntent": [
            "cancelar", "cancela", "cancélalo", "cancela eso", "anular", "anula", "olvídalo", "déjalo",
            "cancelar por favor", "no importa", "da igual",
            "he cambiado de opinión", "cambié de opinión", "olvida eso", "ya no lo quiero",
            "cancela mi pedido", "no hagas eso",
        ],
        "AMAZON.StopIntent": [
            "para", "parar", "detente", "alto", "basta", "ya basta", "cállate", "silencio", "salir", "sal",
            "terminar", "termina", "adiós", "hasta luego",
            "eso es todo", "ya está", "he terminado", "terminé", "hasta pronto", "puedes parar", "para ya",
            "cierra la aplicación", "nada más",
        ],
        "AMAZON.HelpIntent": [
            "ayuda", "ayúdame", "necesito ayuda", "qué puedo decir", "qué puedes hacer", "cómo funciona",
            "qué puedo hacer", "me puedes ayudar", "cuáles son las opciones",
        ],
        "AMAZON.YesIntent": [
            "sí", "si", "claro", "por supuesto", "vale", "de acuerdo", "correcto", "exacto", "eso es",
            "sí por favor", "afirmativo", "venga", "desde luego", "perfecto",
            "sí claro", "sí eso es", "hazlo", "me parece bien", "sí gracias", "vale hazlo",
        ],
        "AMAZON.NoIntent": [
            "no", "no gracias", "para nada", "negativo", "incorrecto", "eso no es correcto", "ahora no",
            "de ninguna manera", "no es así", "mejor no",
            "no en realidad no", "esta vez no", "no estoy bien así", "no hace falta", "paso", "no creo",
            "no eso no es",
        ],
        "AMAZON.PauseIntent": [
            "pausa", "pausar", "pausa la música", "espera", "espera un momento", "un momento",
            "espera un segundo", "un segundo", "pon pausa", "detén un momento",
        ],
        "AMAZON.ResumeIntent": [
            "reanudar", "reanuda", "continuar", "continúa", "sigue", "seguir", "sigue reproduciendo",
            "quita la pausa",
            "sigue por favor", "continúa por favor", "sigue donde lo dejaste", "seguimos",
        ],
        "AMAZON.RepeatIntent": [
            "repite", "repetir", "repite eso", "otra vez", "dilo otra vez", "cómo", "qué has dicho",
            "no te he entendido", "puedes repetirlo",
            "puedes repetir por favor", "no lo he entendido", "qué dijiste", "dilo de nuevo", "repítelo por favor",
            "perdona qué",
        ],
        "AMAZON.StartOverIntent": [
            "empezar de nuevo", "empieza de nuevo", "volver a empezar", "desde el principio", "reiniciar",
            "reinicia", "comenzar de nuevo",
            "empecemos de nuevo", "desde el inicio", "volvamos a empezar",
        ],
        "AMAZON.NextIntent": [
            "siguiente", "el siguiente", "la siguiente", "próximo", "salta", "saltar", "pasa al siguiente",
            "adelante",
            "pasa al siguiente por favor", "al siguiente", "sigamos con el siguiente",
        ],
        "AMAZON.PreviousIntent": [
            "anterior", "el anterior", "la anterior", "atrás", "vuelve atrás", "volver", "ir atrás",
            "vuelve al anterior", "el de antes", "regresa",
        ],
        "AMAZON.MoreIntent": [
            "más", "dime más", "cuéntame más", "muéstrame más", "más información", "qué más", "más detalles",
        ],
        "AMAZON.SelectIntent": [
            "seleccionar", "selecciona", "elige este", "este", "ese", "esta", "esa", "me quedo con ese",
            "escoge este",
        ],
        "AMAZON.ShuffleOnIntent": [
            "aleatorio", "modo aleatorio", "activa el modo aleatorio", "reproducción aleatoria",
            "mezcla las canciones", "activar aleatorio",
        ],
        "AMAZON.ShuffleOffIntent": [
            "desactiva el modo aleatorio", "quita el aleatorio", "desactivar aleatorio", "sin aleatorio",
            "reproducir en orden",
        ],
        "AMAZON.LoopOnIntent": [
            "bucle", "activa el bucle", "repetir en bucle", "modo bucle", "reproducir en bucle",
        ],
        "AMAZON.LoopOffIntent": [
            "desactiva el bucle", "quita el bucle", "sin bucle", "desactivar bucle",
        ],
        "AMAZON.NavigateHomeIntent": [
            "inicio", "ir al inicio", "pantalla de inicio", "vuelve al inicio", "menú principal",
        ],
        "AMAZON.NavigateSettingsIntent": [
            "ajustes", "configuración", "abre los ajustes", "ir a configuración", "muestra los ajustes",
        ],
        "AMAZON.PageUpIntent": ["página arriba", "sube una página", "página anterior"],
        "AMAZON.PageDownIntent": ["página abajo", "baja una página", "página siguiente"],
        "AMAZON.ScrollUpIntent": ["desplázate hacia arriba", "sube", "hacia arriba"],
        "AMAZON.ScrollDownIntent": ["desplázate hacia abajo", "baja", "hacia abajo"],
        "AMAZON.ScrollLeftIntent": ["desplázate a la izquierda", "a la izquierda", "izquierda"],
        "AMAZON.ScrollRightIntent": ["desplázate a la derecha", "a la derecha", "derecha"],
        "AMAZON.SendToPhoneIntent": [
            "envíalo a mi móvil", "manda esto a mi teléfono", "enviar al móvil", "ábrelo en mi móvil",
        ],
        "AMAZON.FallbackIntent": [],
    ]
}
