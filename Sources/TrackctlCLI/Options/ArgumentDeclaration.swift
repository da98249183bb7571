/// A command's options as one struct: each stored property is declared once, with the key
/// path it fills, and that declaration is the parser, the `--help` line and the storage at
/// once (swift-argument-parser's `@Option var x: T`, hand-rolled). Using an option is reading
/// a property: a misspelled name does not compile.
protocol ParsableOptions {
    init()
    /// The arguments and options, in help order.
    static var arguments: [ArgumentDeclaration<Self>] { get }
    /// Checks the values together, after parsing and before anything is opened or created.
    mutating func validate() throws(UsageError)
}

extension ParsableOptions {
    mutating func validate() throws(UsageError) {}
}

/// One argument or option of an options struct `Options`.
struct ArgumentDeclaration<Options> {
    enum Kind {
        case positional(optional: Bool, variadic: Bool)
        case option(valueName: String, repeatable: Bool)
        /// Repeatable, and also takes the values that follow while `accepts` them:
        /// `--source App Shared`.
        case greedyOption(valueName: String, accepts: (String) -> Bool)
        /// Given once, alone (`--coverage`, meaning `implied`) or with a value it `accepts`
        /// (`--coverage json`); a following argument it does not accept is left alone.
        case optionalValue(valueName: String, implied: String, accepts: (String) -> Bool)
        case flag
    }

    /// `--catalog` for options and flags, `CONFIG` for positionals.
    let name: String
    let kind: Kind
    let help: String
    /// Stores the parsed text (ignored for flags).
    let assign: (inout Options, String) throws(UsageError) -> Void
    /// An option the command cannot run without (`simulate --users N`): written without
    /// brackets in the usage line; the command's `validate` checks it was given.
    private(set) var isRequired = false
    /// The option that may stand in for this required one (`--rate` for `--users`): the usage
    /// line writes the two as one choice, `(--users N | --rate RATE)`.
    private(set) var alternativeLabel: String?
    /// An option written inside another's choice, so not on its own in the usage line.
    private(set) var isAlternative = false

    init(name: String, kind: Kind, help: String, assign: @escaping (inout Options, String) throws(UsageError) -> Void) {
        self.name = name
        self.kind = kind
        self.help = help
        self.assign = assign
    }

    /// The same option, required.
    func required() -> Self {
        var copy = self
        copy.isRequired = true
        return copy
    }

    /// The same option, required unless `other` is given instead; declare `other` too, with
    /// `.alternative()`. The command's `validate` checks that one of them was given.
    func required(or other: Self) -> Self {
        var copy = required()
        copy.alternativeLabel = other.label
        return copy
    }

    /// The same option, written only within the choice of the option it stands in for.
    func alternative() -> Self {
        var copy = self
        copy.isAlternative = true
        return copy
    }

    /// `--name VALUE`, given at most once.
    static func option<V: ArgumentValue>(
        _ name: String, _ keyPath: WritableKeyPath<Options, V?>, valueName: String, help: String
    ) -> Self {
        Self(name: name, kind: .option(valueName: valueName, repeatable: false), help: help) {
            (options: inout Options, text: String) throws(UsageError) in
            options[keyPath: keyPath] = try V(argument: text, for: name)
        }
    }

    /// `--name VALUE`, given at most once, with the property's initial value as default.
    static func option<V: ArgumentValue>(
        _ name: String, _ keyPath: WritableKeyPath<Options, V>, valueName: String, help: String
    ) -> Self {
        Self(name: name, kind: .option(valueName: valueName, repeatable: false), help: help) {
            (options: inout Options, text: String) throws(UsageError) in
            options[keyPath: keyPath] = try V(argument: text, for: name)
        }
    }

    /// `--name N`, a whole number within `bounds`, given at most once.
    static func option(
        _ name: String, _ keyPath: WritableKeyPath<Options, Int?>, in bounds: ClosedRange<Int>, valueName: String,
        help: String
    ) -> Self {
        Self(name: name, kind: .option(valueName: valueName, repeatable: false), help: help) {
            (options: inout Options, text: String) throws(UsageError) in
            options[keyPath: keyPath] = try WholeNumber.parse(text, in: bounds, for: name)
        }
    }

    /// `--name N`, a whole number within `bounds`, given at most once; the option's default is
    /// the property's initial value.
    static func option(
        _ name: String, _ keyPath: WritableKeyPath<Options, Int>, in bounds: ClosedRange<Int>, valueName: String,
        help: String
    ) -> Self {
        Self(name: name, kind: .option(valueName: valueName, repeatable: false), help: help) {
            (options: inout Options, text: String) throws(UsageError) in
            options[keyPath: keyPath] = try WholeNumber.parse(text, in: bounds, for: name)
        }
    }

    /// `--name VALUE`, repeatable; values in the order given.
    static func repeatable<V: ArgumentValue>(
        _ name: String, _ keyPath: WritableKeyPath<Options, [V]>, valueName: String, help: String
    ) -> Self {
        Self(name: name, kind: .option(valueName: valueName, repeatable: true), help: help) {
            (options: inout Options, text: String) throws(UsageError) in
            options[keyPath: keyPath].append(try V(argument: text, for: name))
        }
    }

    /// `--name VALUE…`: repeatable, and the following arguments that `accepts` takes are
    /// values too (paths after `--source`).
    static func greedy<V: ArgumentValue>(
        _ name: String, _ keyPath: WritableKeyPath<Options, [V]>, valueName: String, help: String,
        accepts: @escaping (String) -> Bool
    ) -> Self {
        Self(name: name, kind: .greedyOption(valueName: valueName, accepts: accepts), help: help) {
            (options: inout Options, text: String) throws(UsageError) in
            options[keyPath: keyPath].append(try V(argument: text, for: name))
        }
    }

    /// `--name [VALUE]`: alone, the value is `implied`; the next argument is its value only
    /// when `accepts` takes it, so `--coverage a.trackscript` leaves the script a script.
    static func optionalValue<V: ArgumentValue>(
        _ name: String, _ keyPath: WritableKeyPath<Options, V?>, valueName: String, implied: String,
        help: String, accepts: @escaping (String) -> Bool
    ) -> Self {
        Self(name: name, kind: .optionalValue(valueName: valueName, implied: implied, accepts: accepts), help: help) {
            (options: inout Options, text: String) throws(UsageError) in
            options[keyPath: keyPath] = try V(argument: text, for: name)
        }
    }

    /// `--name`, a flag.
    static func flag(_ name: String, _ keyPath: WritableKeyPath<Options, Bool>, help: String) -> Self {
        Self(name: name, kind: .flag, help: help) { (options: inout Options, _: String) throws(UsageError) in
            options[keyPath: keyPath] = true
        }
    }

    /// A positional argument; a `required` one is written without brackets in the usage line
    /// (the command's `validate` checks it was given).
    static func positional<V: ArgumentValue>(
        _ name: String, _ keyPath: WritableKeyPath<Options, V?>, required: Bool = false, help: String
    ) -> Self {
        Self(name: name, kind: .positional(optional: !required, variadic: false), help: help) {
            (options: inout Options, text: String) throws(UsageError) in
            options[keyPath: keyPath] = try V(argument: text, for: name)
        }
    }

    /// Every remaining positional argument (`SCRIPT...`), at least one when `required`.
    static func positionals<V: ArgumentValue>(
        _ name: String, _ keyPath: WritableKeyPath<Options, [V]>, required: Bool, help: String
    ) -> Self {
        Self(name: name, kind: .positional(optional: !required, variadic: true), help: help) {
            (options: inout Options, text: String) throws(UsageError) in
            options[keyPath: keyPath].append(try V(argument: text, for: name))
        }
    }

    var isFlag: Bool { if case .flag = kind { return true } else { return false } }
    /// In the short usage line of an error: the positionals and the required options.
    var isEssential: Bool { isPositional || isRequired }
    var isPositional: Bool { if case .positional = kind { return true } else { return false } }

    /// `[--catalog FILE]...`, `CONFIG`, `[--strict]`: how the usage line writes it.
    var usage: String {
        switch kind {
        case .positional(let optional, let variadic):
            let text = name + (variadic ? "..." : "")
            return optional ? "[\(text)]" : text
        case .option(let valueName, let repeatable):
            if let alternativeLabel { return "(\(name) \(valueName) | \(alternativeLabel))" }
            if isRequired { return "\(name) \(valueName)" + (repeatable ? "..." : "") }
            return "[\(name) \(valueName)]" + (repeatable ? "..." : "")
        case .greedyOption(let valueName, _):
            return "[\(name) \(valueName)...]"
        case .optionalValue(let valueName, _, _):
            return "[\(name) [\(valueName)]]"
        case .flag:
            return "[\(name)]"
        }
    }

    /// The left column of `--help`.
    var label: String {
        switch kind {
        case .positional: return name
        case .option(let valueName, _): return "\(name) \(valueName)"
        case .greedyOption(let valueName, _): return "\(name) \(valueName)..."
        case .optionalValue(let valueName, _, _): return "\(name) [\(valueName)]"
        case .flag: return name
        }
    }

    /// The value's name as `label` shows it, for "needs a value (NAME)".
    var valueName: String {
        label.split(separator: " ").last.map { $0.replacingOccurrences(of: "...", with: "") } ?? "VALUE"
    }
}

/// Parses a command's arguments into its options struct: `--name VALUE`, `--name=VALUE`,
/// flags, positionals, `--` to end options, and `-` as a positional (standard input).
enum ArgumentParser {
    /// The parsed options, or nil when `--help` (or `-h`) was given; usage errors thrown.
    static func parse<Options: ParsableOptions>(_ arguments: [String], commandName: String, as: Options.Type)
        throws(UsageError) -> Options?
    {
        var options = Options()
        let declarations = Options.arguments
        let positionals = declarations.filter(\.isPositional)
        var positionalIndex = 0
        var given = Set<String>()
        var index = 0
        var optionsEnded = false
        var sawHelp = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                guard positionalIndex < positionals.count else {
                    throw UsageError(message: "unexpected argument '\(Spelling.quote(argument))' for '\(commandName)'")
                }
                let declaration = positionals[positionalIndex]
                try declaration.assign(&options, argument)
                if case .positional(_, let variadic) = declaration.kind, variadic {
                    given.insert(declaration.name)
                } else {
                    positionalIndex += 1
                }
                given.insert(declaration.name)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" || name == "--help" { sawHelp = true; continue }
            guard let declaration = declarations.first(where: { !$0.isPositional && $0.name == name }) else {
                let names = declarations.filter { !$0.isPositional }.map(\.name) + ["--help"]
                throw UsageError(
                    message: "unknown option '\(Spelling.quote(name))' for '\(commandName)'"
                        + Spelling.didYouMean(name, among: names))
            }
            if declaration.isFlag {
                if inlineValue != nil { throw UsageError(message: "'\(name)' takes no value") }
                try declaration.assign(&options, "")
                continue
            }
            if case .optionalValue(_, let implied, let accepts) = declaration.kind {
                guard !given.contains(name) else { throw UsageError(message: "'\(name)' is given twice; give it once") }
                given.insert(name)
                var value = inlineValue ?? implied
                if inlineValue == nil, index < arguments.count, accepts(arguments[index]) {
                    value = arguments[index]
                    index += 1
                }
                try declaration.assign(&options, value)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw UsageError(
                        message:
                            "'\(name)' needs a value (\(declaration.valueName))"
                    )
                }
                value = arguments[index]
                index += 1
            }
            // A single-value option given again takes the last value, as git does: wrapper
            // scripts append overrides to a shared command line (SPEC §7).
            given.insert(name)
            try declaration.assign(&options, value)
            if case .greedyOption(_, let accepts) = declaration.kind, inlineValue == nil {
                while index < arguments.count, !arguments[index].hasPrefix("-"), accepts(arguments[index]) {
                    try declaration.assign(&options, arguments[index])
                    index += 1
                }
            }
        }
        if sawHelp { return nil }
        for declaration in positionals {
            if case .positional(let optional, _) = declaration.kind, !optional, !given.contains(declaration.name) {
                throw UsageError(message: "missing \(declaration.name) for '\(commandName)'")
            }
        }
        try options.validate()
        return options
    }
}

/// A usage error: printed with the command's usage line, exit code 2.
struct UsageError: Error, Sendable {
    var message: String
}
