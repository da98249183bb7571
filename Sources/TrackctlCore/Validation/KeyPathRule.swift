import TrackctlModel

/// `malformed-key-path`: a tracked property's `keyPath` must be a dotted list of identifiers,
/// as key-value observation requires.
enum KeyPathRule: SPOCRule {
    static func check(_ spoc: SPOC) -> [Diagnostic] {
        spoc.properties.compactMap { property in
            let keyPath = property.keyPath
            if isWellFormed(keyPath.value) { return nil }
            let fixed = keyPath.value.filter { !$0.isWhitespace }
            let suggestions = isWellFormed(fixed) ? [fixed] : []
            return Diagnostic(
                rule: .malformedKeyPath,
                message:
                    "malformed key path '\(keyPath.value)'; write identifiers separated by dots, such as 'user.plan'",
                location: keyPath.location, suggestions: suggestions)
        }
    }

    static func isWellFormed(_ keyPath: String) -> Bool {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        return components.allSatisfy { component in
            guard let first = component.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else {
                return false
            }
            return component.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            }
        }
    }
}
