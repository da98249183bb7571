import TrackctlCore
import TrackctlModel
import TrackctlSDK

/// `text` or `json`, for the commands that print data rather than findings (`sdk`, `devices`).
enum DataFormat: String, CaseIterable, SpelledArgument {
    static var noun: String { "format" }

    case text, json
}

/// `trackctl sdk show NAME [--format text|json]`: what the SDK model knows of a class or protocol.
enum SDKShowCommand: Command {
    struct Options: ParsableOptions {
        var name: String?
        var format: DataFormat = .text

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positional(
                    "NAME", \.name, required: true,
                    help: "A class or protocol, in Objective-C (NSURLSession) or Swift (URLSession) spelling"),
                .option("--format", \.format, valueName: "FORMAT", help: "text (default) or json")
            ]
        }
    }

    static let name = "sdk show"
    static let abstract = "Show a class or protocol of the iOS SDK model."
    static var discussion: String {
        """
        Selectors listed are the type's own; a class's ancestors and a protocol's inherited protocols \
        name where the rest come from. Optional protocol methods are implemented only by the app's classes.
        Facts: \(SDKModel.iOSSource).

        EXIT CODES: 0 found; 1 no such class or protocol (with the closest names); 2 usage error.
        """
    }

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        guard let name = options.name, !name.isEmpty else {
            terminal.writeErr(
                "error: trackctl sdk show needs a NAME\nusage: \(shortUsage)\nSee 'trackctl help sdk show' for more.\n")
            return .usage
        }
        let sdk = SDKModel.iOS
        let found = [sdk.class(named: name), sdk.protocol(named: name)].compactMap { $0 }
        guard !found.isEmpty else {
            let suggestions = Suggester.closest(to: name, among: sdk.classNames + sdk.protocolNames, limit: 3)
            // A method's name: `sdk find` looks members up.
            let isMember = name.contains(":") || name.contains("(")
            terminal.writeErr(
                "trackctl sdk show: '\(name)' is neither a class nor a protocol of the SDK model"
                    + (isMember
                        ? "; to look up a method, use: trackctl sdk find '\(name)'" : Suggester.didYouMean(suggestions))
                    + "\n")
            return .findings
        }
        let text = found.map { type in
            options.format == .json
                ? SDKTypeRendering.json(type, ancestors: sdk.ancestors(ofClass: type.name).map(\.name))
                : SDKTypeRendering.text(type, ancestors: sdk.ancestors(ofClass: type.name).map(\.name))
        }.joined()
        return terminal.writeOut(text) ? .success : .usage
    }
}

/// `trackctl sdk find QUERY [--format text|json]`: members by selector or Swift name.
enum SDKFindCommand: Command {
    struct Options: ParsableOptions {
        var query: String?
        var format: DataFormat = .text

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positional(
                    "QUERY", \.query, required: true,
                    help: "An Objective-C selector or a Swift name (exact), or a part of one"),
                .option("--format", \.format, valueName: "FORMAT", help: "text (default) or json")
            ]
        }
    }

    static let name = "sdk find"
    static let abstract = "Find SDK members by Objective-C selector or Swift name."
    static let discussion = """
        An exact selector or Swift name (its async form too) lists the members that have it; otherwise every \
        member whose selector or Swift name contains QUERY, case-insensitively. Text columns: the declaring \
        type, the selector, the Swift name, required or optional for a protocol member.
        EXAMPLE: trackctl sdk find 'tableView(_:didSelectRowAt:)'

        EXIT CODES: 0 found; 1 nothing found; 2 usage error.
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        guard let query = options.query, !query.isEmpty else {
            terminal.writeErr(
                "error: trackctl sdk find needs a QUERY\nusage: \(shortUsage)\nSee 'trackctl help sdk find' for more.\n"
            )
            return .usage
        }
        let matches = SDKModel.iOS.find(query)
        guard !matches.isEmpty else {
            var names: [String] = []
            for type in SDKModel.iOS.types {
                for member in type.members { names.append(member.selector); names.append(member.swiftName) }
            }
            let suggestions = Suggester.closest(to: query, among: names, limit: 3)
            terminal.writeErr(
                "trackctl sdk find: no SDK member has a selector or Swift name like '\(query)'"
                    + Suggester.didYouMean(suggestions) + "\n")
            return .findings
        }
        let text: String
        if options.format == .json {
            text =
                "{\"query\":\(JSONText.quoted(query)),\"matches\":["
                + matches.map {
                    "{\"type\":\(JSONText.quoted($0.type.name)),\"kind\":\(JSONText.quoted($0.type.kind.rawValue)),"
                        + String(SDKTypeRendering.memberJSON($0.member, kind: $0.type.kind).dropFirst())
                }.joined(separator: ",") + "]}\n"
        } else {
            let rows = matches.map { match in
                [
                    match.type.name, (match.member.isStatic ? "+" : "") + match.member.selector,
                    SDKTypeRendering.swiftNames(match.member),
                    match.type.kind == .protocol ? (match.member.isRequired ? "required" : "optional") : ""
                ]
            }
            text = TextTable.render(rows)
        }
        return terminal.writeOut(text) ? .success : .usage
    }
}

/// The text and JSON of an SDK type (SPEC §10.1).
enum SDKTypeRendering {
    static func json(_ type: SDKType, ancestors: [String]) -> String {
        var fields = [
            "\"name\":\(JSONText.quoted(type.name))", "\"kind\":\(JSONText.quoted(type.kind.rawValue))",
            "\"framework\":\(JSONText.quoted(type.framework))"
        ]
        if let swiftName = type.swiftName { fields.append("\"swiftName\":\(JSONText.quoted(swiftName))") }
        if let introduced = type.introduced { fields.append("\"introduced\":\(JSONText.quoted(introduced))") }
        let list = { (names: [String]) in "[" + names.map(JSONText.quoted).joined(separator: ",") + "]" }
        switch type.kind {
        case .protocol:
            fields.append("\"inherits\":" + list(type.protocols))
        case .class:
            if let superclass = type.superclass { fields.append("\"superclass\":\(JSONText.quoted(superclass))") }
            fields.append("\"ancestors\":" + list(ancestors))
            fields.append("\"protocols\":" + list(type.protocols))
        }
        fields.append(
            "\"selectors\":[" + type.members.map { memberJSON($0, kind: type.kind) }.joined(separator: ",") + "]")
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    static func memberJSON(_ member: SDKMember, kind: SDKType.Kind) -> String {
        var fields = [
            "\"selector\":\(JSONText.quoted(member.selector))", "\"swiftName\":\(JSONText.quoted(member.swiftName))"
        ]
        if let asyncName = member.asyncSwiftName { fields.append("\"asyncName\":\(JSONText.quoted(asyncName))") }
        if kind == .protocol { fields.append("\"required\":\(member.isRequired)") }
        fields.append("\"static\":\(member.isStatic)")
        if member.kind != .method { fields.append("\"accessor\":\(JSONText.quoted(member.kind.rawValue))") }
        if let introduced = member.introduced { fields.append("\"introduced\":\(JSONText.quoted(introduced))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The Swift name, and the async form's when there is one: `f(_:completionHandler:), async f(_:)`.
    static func swiftNames(_ member: SDKMember) -> String {
        member.swiftName + (member.asyncSwiftName.map { ", async \($0)" } ?? "")
    }

    static func text(_ type: SDKType, ancestors: [String]) -> String {
        var lines = [
            "\(type.kind.rawValue) \(type.name)" + (type.swiftName.map { " (Swift: \($0))" } ?? "")
                + " — \(type.framework)"
                + (type.introduced.map { ", iOS \($0)" } ?? "")
        ]
        switch type.kind {
        case .protocol:
            lines.append("inherits: " + (type.protocols.isEmpty ? "nothing" : type.protocols.joined(separator: ", ")))
        case .class:
            lines.append(
                "ancestors: " + (ancestors.isEmpty ? "none (a root class)" : ancestors.joined(separator: " → ")))
            lines.append("protocols: " + (type.protocols.isEmpty ? "none" : type.protocols.joined(separator: ", ")))
        }
        lines.append("")
        let rows = type.members.map { member in
            [
                (member.isStatic ? "+" : "-") + member.selector, swiftNames(member),
                type.kind == .protocol
                    ? (member.isRequired ? "required" : "optional")
                    : member.kind == .method ? "" : member.kind.rawValue,
                member.introduced.map { "iOS \($0)" } ?? ""
            ]
        }
        return lines.joined(separator: "\n") + "\n" + TextTable.render(rows)
    }
}

/// Columns separated by two spaces; the last column is not padded, and no cell is ever cut.
enum TextTable {
    static func render(_ rows: [[String]]) -> String {
        guard let columns = rows.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 { line += String(repeating: " ", count: widths[index] - cell.count + 2) }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }
}
