import TrackctlCore
import TrackctlModel
import TrackctlSourceScan

/// A type an option or argument's text becomes: parsed once, when the command line is read,
/// so a bad value is a usage error before anything is opened.
protocol ArgumentValue {
    /// Parses `text`, the value given to `name` (for the message).
    init(argument text: String, for name: String) throws(UsageError)
}

extension String: ArgumentValue {
    init(argument text: String, for name: String) throws(UsageError) { self = text }
}

extension UInt64: ArgumentValue {
    init(argument text: String, for name: String) throws(UsageError) {
        guard let value = UInt64(text) else {
            throw UsageError(
                message: "'\(name)' needs a whole number from 0 to \(UInt64.max); not '\(Spelling.quote(text))'")
        }
        self = value
    }
}

/// Spellings of a closed set (`--format text|json|github`): the value, or a usage error that
/// lists the spellings and suggests the closest.
protocol SpelledArgument: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {
    /// What the value is, for messages: "format", "sink".
    static var noun: String { get }
}

extension SpelledArgument {
    init(argument text: String, for name: String) throws(UsageError) {
        self = try Spelling.parse(text, as: Self.self)
    }
}

/// The two helpers every spelling goes through: a closed set's parse, and "did you mean".
enum Spelling {
    /// The case spelled `text`, or a usage error naming the spellings and the closest one.
    static func parse<T: SpelledArgument>(_ text: String, as type: T.Type) throws(UsageError) -> T {
        if let value = T(rawValue: text) { return value }
        let names = T.allCases.map(\.rawValue)
        throw UsageError(
            message: "unknown \(T.noun) '\(quote(text))'; use one of \(names.joined(separator: ", "))"
                + didYouMean(text, among: names))
    }

    /// "; did you mean 'x'?" when a candidate is close to `text`, else "".
    static func didYouMean(_ text: String, among candidates: [String]) -> String {
        Suggester.didYouMean(text, among: candidates)
    }

    /// A user's text for a message: at most about 100 characters, control characters escaped.
    static func quote(_ text: String) -> String { UserText.quoted(text) }
}

/// A whole number within the bounds its option declares (`.option("--port", \.port, in: 0...65535, …)`):
/// the bound is written beside the option it limits, and the message says it.
enum WholeNumber {
    static func parse(_ text: String, in bounds: ClosedRange<Int>, for name: String) throws(UsageError) -> Int {
        guard let value = Int(text), bounds.contains(value) else {
            throw UsageError(
                message:
                    "'\(name)' needs a whole number from \(bounds.lowerBound) to \(bounds.upperBound); not "
                    + "'\(Spelling.quote(text))'"
            )
        }
        return value
    }
}

/// `--platform ios|macos|tvos|watchos|visionos|all`.
extension PlatformChoice: ArgumentValue {
    init(argument text: String, for name: String) throws(UsageError) {
        guard let choice = PlatformChoice(argument: text) else {
            let names = PlatformChoice.argumentValues
            throw UsageError(
                message: "unknown platform '\(Spelling.quote(text))'; use one of \(names.joined(separator: ", "))"
                    + Spelling.didYouMean(text, among: names))
        }
        self = choice
    }
}
