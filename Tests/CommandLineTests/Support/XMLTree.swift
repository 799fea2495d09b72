import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML (or well-formed HTML) document as a tree, to check what a report shows.
final class XMLTree {
    let name: String
    let attributes: [String: String]
    private(set) var children: [XMLTree] = []
    /// The text directly inside this element (not its children's), in order.
    private(set) var ownText = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// All the text inside, children's too, in document order.
    var text: String { ownTextParts.joined() }
    private var parts: [Either] = []
    private enum Either { case text(String), child(XMLTree) }
    private var ownTextParts: [String] {
        parts.flatMap { part -> [String] in
            switch part {
            case .text(let t): return [t]
            case .child(let c): return c.ownTextParts
            }
        }
    }

    /// Every element below (and including) this one, depth first, that satisfies `match`.
    func all(_ match: (XMLTree) -> Bool) -> [XMLTree] {
        (match(self) ? [self] : []) + children.flatMap { $0.all(match) }
    }

    func all(_ name: String) -> [XMLTree] { all { $0.name == name } }

    /// The first element with this `id`.
    func element(id: String) -> XMLTree? { all { $0.attributes["id"] == id }.first }

    /// Parses `text`, or returns the parser's error.
    static func parse(_ text: String) throws -> XMLTree {
        let builder = Builder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ParseError(message: "\(parser.parserError.map { "\($0)" } ?? "no root") at line \(parser.lineNumber), column \(parser.columnNumber)")
        }
        return root
    }

    struct ParseError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLTree?
        var stack: [XMLTree] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let element = XMLTree(name: name, attributes: attributes)
            if let parent = stack.last {
                parent.children.append(element)
                parent.parts.append(.child(element))
            } else {
                root = element
            }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.ownText += string
            stack.last?.parts.append(.text(string))
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            let string = String(decoding: block, as: UTF8.self)
            stack.last?.ownText += string
            stack.last?.parts.append(.text(string))
        }
    }
}
