/// Splits CSV text into rows of fields (RFC 4180: quoted fields may hold commas, quotes
/// written twice and line breaks).
enum CSVReader {
    struct Problem: Error {
        var line: Int
        var message: String
    }

    static func rows(_ text: String) throws -> [(line: Int, fields: [String])] {
        var rows: [(Int, [String])] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var line = 1, rowLine = 1
        var atFieldStart = true
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < scalars.count, scalars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 } else { quoted = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" && atFieldStart {
                quoted = true
            } else if c == "," {
                fields.append(field)
                field = ""
                atFieldStart = true
                i += 1
                continue
            } else if c == "\n" || c == "\r" {
                if c == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1 }
                fields.append(field)
                rows.append((rowLine, fields))
                fields = []
                field = ""
                line += 1
                rowLine = line
                atFieldStart = true
                i += 1
                continue
            } else {
                field.unicodeScalars.append(c)
            }
            atFieldStart = false
            i += 1
        }
        if quoted { throw Problem(line: rowLine, message: "a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            rows.append((rowLine, fields))
        }
        return rows
    }
}
