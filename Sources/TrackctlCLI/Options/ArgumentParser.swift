/// The arguments of one command after parsing.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    /// Option values in the order given, keyed by long name (`--catalog`).
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// A usage error: printed with the command's usage line, exit code 2.
struct UsageError: Error, Sendable {
    var message: String
}

/// A small hand-rolled parser: `--name VALUE`, `--name=VALUE`, flags, positionals, `--` to end
/// options, and `-` as a positional (standard input).
enum ArgumentParser {
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            guard let option = spec.allOptions.first(where: { $0.name == name }) else {
                let suggestion = Suggestions.closest(to: name, among: spec.allOptions.map(\.name))
                throw UsageError(message: "unknown option '\(name)' for '\(spec.name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            }
            if option.isFlag {
                if inlineValue != nil { throw UsageError(message: "'\(name)' takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw UsageError(message: "'\(name)' needs a value (\(option.valueName ?? "VALUE"))")
                }
                value = arguments[index]
                index += 1
            }
            if !option.repeatable, parsed.values[name] != nil {
                throw UsageError(message: "'\(name)' is given twice; give it once")
            }
            parsed.values[name, default: []].append(value)
        }
        if parsed.flag("--help") { return parsed }
        let required = spec.positionals.filter { !$0.optional }.count
        let variadic = spec.positionals.contains { $0.variadic }
        if parsed.positionals.count < required {
            let missing = spec.positionals.filter { !$0.optional }.dropFirst(parsed.positionals.count).map(\.name)
            throw UsageError(message: "missing \(missing.joined(separator: " ")) for '\(spec.name)'")
        }
        if !variadic, parsed.positionals.count > spec.positionals.count {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[spec.positionals.count])' for '\(spec.name)'")
        }
        return parsed
    }
}

import TrackctlCore

/// Suggestions for mistyped command-line spellings, through the core's edit distance.
enum Suggestions {
    static func closest(to name: String, among candidates: [String]) -> String? {
        Suggester.closest(to: name, among: candidates, limit: 1).first
    }
}
