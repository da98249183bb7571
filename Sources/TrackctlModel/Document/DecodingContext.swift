/// Collects the findings of decoding one document (wrong types, missing or unknown keys) so
/// that all of them are reported at once rather than stopping at the first.
package struct DecodingContext: Sendable {
    package let file: String
    package private(set) var findings: [Diagnostic] = []

    package init(file: String) {
        self.file = file
    }

    package func location(_ value: SourceValue, _ path: ValuePath) -> SourceLocation {
        SourceLocation(file: file, position: value.position, path: path)
    }

    package mutating func report(
        _ rule: RuleID, _ message: String, at location: SourceLocation, suggestions: [String] = []
    ) {
        findings.append(Diagnostic(rule: rule, message: message, location: location, suggestions: suggestions))
    }

    package mutating func report(_ diagnostic: Diagnostic) {
        findings.append(diagnostic)
    }

    /// Reports a value of the wrong type; `expected` reads "a string", "a list of strings", ...
    mutating func reportWrongType(_ value: SourceValue, _ path: ValuePath, expected: String) {
        let name = path.lastKey ?? path.description
        report(.wrongType, "'\(name)' must be \(expected), not \(value.typeDescription)", at: location(value, path))
    }
}
