/// One option a command accepts; `--help` text is generated from these declarations, so it
/// cannot drift from what the parser accepts.
struct OptionSpec: Sendable {
    /// The long name with dashes: `--catalog`.
    var name: String
    /// The value's placeholder (`FILE`), or nil for a flag.
    var valueName: String?
    var help: String
    /// Whether the option may be given several times (values accumulate in order).
    var repeatable = false

    var isFlag: Bool { valueName == nil }
}

/// One positional argument.
struct PositionalSpec: Sendable {
    var name: String
    var help: String
    var optional: Bool
    /// Takes every remaining positional argument.
    var variadic = false
}

/// A command's declaration: name, abstract, arguments and options.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var positionals: [PositionalSpec]
    var options: [OptionSpec]
    /// Extra paragraphs for `--help` (formats, rules, examples).
    var discussion: String = ""

    static let helpOption = OptionSpec(name: "--help", valueName: nil, help: "Show this help.")

    var allOptions: [OptionSpec] { options + [Self.helpOption] }

    var usage: String {
        var parts = ["trackctl", name]
        for positional in positionals {
            let text = positional.name + (positional.variadic ? "..." : "")
            parts.append(positional.optional ? "[\(text)]" : text)
        }
        for option in options {
            let text = option.valueName.map { "\(option.name) \($0)" } ?? option.name
            parts.append("[\(text)]" + (option.repeatable ? "..." : ""))
        }
        return parts.joined(separator: " ")
    }

    var helpText: String {
        var lines = ["trackctl \(name) — \(abstract)", "", "USAGE: \(usage)", ""]
        if !positionals.isEmpty {
            lines.append("ARGUMENTS:")
            for positional in positionals {
                lines.append("  " + positional.name.padding(toLength: 22, withPad: " ", startingAt: 0) + positional.help)
            }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in allOptions {
            let label = option.valueName.map { "\(option.name) \($0)" } ?? option.name
            lines.append("  " + label.padding(toLength: 22, withPad: " ", startingAt: 0) + option.help)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }
}

import Foundation
