extension EverydayRequests {
    /// Spanish requests from the everyday domains of a voice assistant. Written for this
    /// project; lower case, without punctuation, as a speech recogniser writes them.
    static let spanish: [String] = [
        // weather
        "qué tiempo hace hoy", "va a llover mañana", "qué temperatura hace fuera", "necesito paraguas",
        "va a nevar este fin de semana", "cuál es la previsión para el viernes", "cuánto calor hará esta tarde",
        "hace viento en valencia",
        // time and date
        "qué hora es", "qué día es hoy", "a qué fecha estamos", "qué hora es en buenos aires",
        "cuántos días faltan para navidad", "cuándo se cambia la hora",
        // alarms, timers, reminders, calendar
        "pon una alarma a las seis y media", "despiértame mañana a las siete", "pon un temporizador de diez minutos",
        "cuánto le queda al temporizador", "borra mi alarma", "recuérdame llamar al dentista",
        "recuérdame regar las plantas esta noche", "qué tengo mañana en el calendario",
        "añade una reunión con lucía el lunes", "cuándo es mi próxima cita",
        // music and media
        "pon un poco de jazz", "pon el último disco de rosalía", "salta esta canción", "sube el volumen",
        "quién canta esta canción", "pon mi lista para correr", "pon la radio", "pon un podcast de historia",
        "continúa mi audiolibro", "pon sonido de lluvia",
        // news, sports
        "cuáles son las noticias de hoy", "dame los titulares", "qué hay de nuevo en economía",
        "quién ganó el partido de anoche", "cuándo juega el real madrid", "cómo va el partido de baloncesto",
        "quién va primero en la liga",
        // jokes, small talk, the assistant itself
        "cuéntame un chiste", "dime algo gracioso", "cántame una canción", "cuántos años tienes",
        "cuál es tu color favorito", "tienes mascotas", "eres un robot", "quién te creó",
        "cuál es el sentido de la vida", "cuéntame un dato curioso", "lanza una moneda", "tira un dado",
        "elige un número del uno al diez", "cuéntame un cuento para dormir",
        // knowledge, maths, language
        "cuánto mide el everest", "quién fue el primer presidente de estados unidos", "cuál es la capital de australia",
        "a qué distancia está la luna", "cuándo se construyó la sagrada familia", "cuántos gramos tiene una libra",
        "cuánto es el quince por ciento de ochenta", "cuál es la raíz cuadrada de dos",
        "convierte diez millas a kilómetros",
        "cómo se escribe necesario", "qué significa efímero", "cómo se dice buenos días en inglés",
        "quién escribió el quijote", "cuántos habitantes tiene méxico", "por qué el cielo es azul",
        // smart home
        "apaga la luz", "enciende la luz de la cocina", "baja la luz del dormitorio",
        "pon la calefacción a veintiún grados", "cierra la puerta de la entrada", "está abierta la puerta del garaje",
        "enciende la aspiradora", "enciende el ventilador", "enséñame la cámara de la entrada",
        // calls and messages
        "llama a mi madre", "escríbele a pablo que llego tarde", "léeme los mensajes", "tengo correos nuevos",
        "manda un mensaje al grupo de la familia", "llama a la farmacia más cercana",
        // shopping
        "añade leche a la lista de la compra", "qué hay en mi lista de la compra", "vuelve a pedir papel de cocina",
        "dónde está mi paquete", "sigue mi pedido de amazon", "cuánto cuesta el nuevo iphone", "compra pilas",
        // navigation, traffic, travel
        "cómo está el tráfico en la autopista", "llévame a la gasolinera más cercana", "cuánto se tarda al aeropuerto",
        "reserva un vuelo a londres", "búscame un hotel en sevilla", "mi vuelo sale a su hora",
        "a cuánto está el dólar", "cuándo sale el próximo tren a barcelona",
        // restaurants and recipes
        "busca un restaurante chino cerca", "reserva una mesa para cuatro a las nueve",
        "cómo se hace una tortilla de patatas",
        "dame una receta de paella", "cuánto tiempo se cuece un huevo", "qué vino va con el pescado",
        "cuántas calorías tiene una manzana",
        // health and fitness
        "cuántos pasos he dado hoy", "empieza un entrenamiento", "cuáles son los síntomas de la gripe",
        "busca un médico cerca de mí", "recuérdame tomar las vitaminas", "empieza una meditación",
        // money and work
        "cuál es el saldo de mi cuenta", "transfiere cincuenta euros a ahorros", "cómo va la bolsa",
        "a cuánto está el bitcoin", "paga la factura de la luz", "cuántos días de vacaciones me quedan",
        // entertainment
        "qué películas echan esta noche", "recomiéndame una buena serie", "qué hay en la tele",
        "juguemos a algo", "hazme una pregunta de trivial", "busca entradas para un concierto",
        // devices and chores
        "cuál es la contraseña del wifi", "conéctate a mi altavoz bluetooth", "haz una foto",
        "pon el móvil en silencio", "cuánta batería queda", "qué día pasa la basura", "busca un fontanero",
        "cómo quito una mancha de la camisa", "a qué hora cierra correos", "cómo cambio una rueda pinchada",
    ]
}
