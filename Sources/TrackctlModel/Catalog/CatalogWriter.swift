/// Writes models as a catalog file (SPEC §2.2 and §10), in the order given (the scan sorts by
/// class), keys in a fixed order, selectors sorted, one value per line: two scans of the same
/// sources give the same bytes, and a changed selector is a one-line diff.
public enum CatalogWriter {
    public enum Format: String, Sendable, CaseIterable {
        case json
        case plist
    }

    public static func write(_ models: [ScreenModel], as format: Format) -> String {
        switch format {
        case .json: return json(models)
        case .plist: return plist(models)
        }
    }

    /// The fields of one entry, in the order written.
    private enum Field {
        case string(String)
        case bool(Bool)
        case list([String])
        case map([(String, String)])
    }

    private static func fields(_ model: ScreenModel) -> [(key: String, value: Field)] {
        var result: [(String, Field)] = [("class", .string(model.name))]
        if model.isCategory { result.append(("category", .bool(true))) }
        if let superclass = model.superclass { result.append(("superclass", .string(superclass))) }
        if let unknown = model.unknownAncestor { result.append(("unknownAncestor", .string(unknown))) }
        if let swiftName = model.swiftName { result.append(("swiftName", .string(swiftName))) }
        if let source = model.source { result.append(("source", .string(source))) }
        if !model.protocols.isEmpty { result.append(("protocols", .list(model.protocols.sorted(by: byBytes)))) }
        if !model.unknownProtocols.isEmpty {
            result.append(("unknownProtocols", .list(model.unknownProtocols.sorted(by: byBytes))))
        }
        result.append(("selectors", .list(model.selectors.sorted(by: byBytes))))
        if !model.unexposed.isEmpty {
            result.append(
                ("unexposed", .map(model.unexposed.sorted { byBytes($0.key, $1.key) }.map { ($0.key, $0.value) })))
        }
        if !model.possible.isEmpty {
            result.append(
                ("possible", .map(model.possible.sorted { byBytes($0.key, $1.key) }.map { ($0.key, $0.value) })))
        }
        if !model.classMethods.isEmpty {
            result.append(
                (
                    "classMethods",
                    .map(model.classMethods.sorted { byBytes($0.key, $1.key) }.map { ($0.key, $0.value) })
                ))
        }
        if !model.compiledOut.isEmpty {
            result.append(
                (
                    "compiledOut",
                    .map(model.compiledOut.sorted { byBytes($0.key, $1.key) }.map { ($0.key, $0.value) })
                ))
        }
        return result
    }

    private static func byBytes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    private static func json(_ models: [ScreenModel]) -> String {
        // Built as bytes: a scanned app's catalog has a hundred thousand strings.
        let out = LineBuffer(capacity: 1 << 16)
        func append(_ text: StaticString) { out.append(text) }
        func appendQuoted(_ text: String) { JSONText.write(text, into: out) }
        append("{\n  \"screens\": [")
        for (index, model) in models.enumerated() {
            append(index == 0 ? "\n    {" : ",\n    {")
            for (fieldIndex, field) in fields(model).enumerated() {
                append(fieldIndex == 0 ? "\n      " : ",\n      ")
                appendQuoted(field.key)
                append(": ")
                switch field.value {
                case .string(let text): appendQuoted(text)
                case .bool(let flag): append(flag ? "true" : "false")
                case .list(let items):
                    if items.isEmpty { append("[]"); break }
                    append("[")
                    for (itemIndex, item) in items.enumerated() {
                        append(itemIndex == 0 ? "\n        " : ",\n        ")
                        appendQuoted(item)
                    }
                    append("\n      ]")
                case .map(let pairs):
                    append("{")
                    for (pairIndex, pair) in pairs.enumerated() {
                        append(pairIndex == 0 ? "\n        " : ",\n        ")
                        appendQuoted(pair.0)
                        append(": ")
                        appendQuoted(pair.1)
                    }
                    append("\n      }")
                }
            }
            append("\n    }")
        }
        append(models.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private static func plist(_ models: [ScreenModel]) -> String {
        func escaped(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>screens</key>
            \t<array>

            """
        for model in models {
            out += "\t\t<dict>\n"
            for field in fields(model) {
                out += "\t\t\t<key>\(escaped(field.key))</key>\n"
                switch field.value {
                case .string(let text): out += "\t\t\t<string>\(escaped(text))</string>\n"
                case .bool(let flag): out += flag ? "\t\t\t<true/>\n" : "\t\t\t<false/>\n"
                case .list(let items):
                    out +=
                        items.isEmpty
                        ? "\t\t\t<array/>\n"
                        : "\t\t\t<array>\n" + items.map { "\t\t\t\t<string>\(escaped($0))</string>\n" }.joined()
                            + "\t\t\t</array>\n"
                case .map(let pairs):
                    out +=
                        "\t\t\t<dict>\n"
                        + pairs.map {
                            "\t\t\t\t<key>\(escaped($0.0))</key>\n\t\t\t\t<string>\(escaped($0.1))</string>\n"
                        }.joined()
                        + "\t\t\t</dict>\n"
                }
            }
            out += "\t\t</dict>\n"
        }
        out += "\t</array>\n</dict>\n</plist>\n"
        return out
    }
}
