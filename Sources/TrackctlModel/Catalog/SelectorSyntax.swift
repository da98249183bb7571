import Foundation
import TrackctlSDK

/// Objective-C selector spelling: what a well-formed selector looks like, and the fix for the
/// common mistakes (Swift spelling, spaces, a missing final colon).
package enum SelectorSyntax {
    /// Why a selector is malformed, with the corrected spelling when one can be derived.
    package struct Problem: Sendable, Equatable {
        package var reason: String
        package var correction: String?
        /// Written as Swift spells a method (`tableView(_:didSelectRowAt:)`).
        package var isSwiftSpelling = false
    }

    /// The problem with `selector`, or nil when it is a well-formed Objective-C selector.
    ///
    /// Empty keywords after the first (`foo::`) are legal Objective-C and accepted.
    package static func problem(in selector: String) -> Problem? {
        if isWellFormed(selector) { return nil }
        if selector.isEmpty { return Problem(reason: "it is empty", correction: nil) }
        if let swift = objectiveCSpelling(ofSwift: selector) {
            return Problem(
                reason: "'\(selector)' is Swift spelling; write the Objective-C selector '\(swift)'", correction: swift,
                isSwiftSpelling: true)
        }
        if selector.contains(where: \.isWhitespace) {
            let joined = selector.filter { !$0.isWhitespace }
            let fixed = problem(in: joined) == nil ? joined : nil
            return Problem(
                reason: "a selector has no spaces" + (fixed.map { "; write '\($0)'" } ?? ""), correction: fixed)
        }
        if let bad = selector.unicodeScalars.first(where: { !isSelectorScalar($0) }) {
            return Problem(
                reason: "'\(bad)' cannot appear in a selector (only letters, digits, '_' and ':')", correction: nil)
        }
        guard let first = selector.unicodeScalars.first else {
            return Problem(reason: "a selector cannot be empty", correction: nil)
        }
        if first == ":" { return Problem(reason: "a selector cannot start with ':'", correction: nil) }
        if ("0"..."9").contains(first) {
            return Problem(reason: "a selector cannot start with a digit", correction: nil)
        }
        if selector.contains(":"), !selector.hasSuffix(":") {
            return Problem(reason: "a keyword selector ends with ':'; write '\(selector):'", correction: selector + ":")
        }
        return nil
    }

    /// The fast path for the common case, on bytes: identifier characters and colons, not
    /// starting with a digit or a colon, ending with a colon if it has one.
    static func isWellFormed(_ selector: String) -> Bool {
        selector.withUTF8Bytes { bytes in
            guard let first = bytes.first, first != UInt8(ascii: ":"), !(first >= 0x30 && first <= 0x39) else {
                return false
            }
            var hasColon = false
            for byte in bytes {
                if byte == UInt8(ascii: ":") { hasColon = true } else if !isIdentifierByte(byte) { return false }
            }
            return !hasColon || bytes.last == UInt8(ascii: ":")
        }
    }

    /// The keywords of a selector, which name its arguments: `loginView:handleError:` →
    /// `["loginView", "handleError"]`; a unary selector has none.
    package static func argumentKeywords(of selector: String) -> [String] {
        // On bytes: `split` on a String walks grapheme clusters, and scripts ask this per line.
        selector.withUTF8Bytes { bytes in
            guard bytes.last == UInt8(ascii: ":") else { return [] }
            var keywords: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: ":") {
                keywords.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            return keywords
        }
    }

    private static func isSelectorScalar(_ s: Unicode.Scalar) -> Bool {
        s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" || s == ":")
    }

    /// `foo(_:bar:)` → `foo:bar:`, `foo()` → `foo`, `init(frame:)` → `initWithFrame:`,
    /// `click(for:)` → `clickFor:`: Swift's own naming rules (`SwiftSelectorNaming`); nil when
    /// `text` does not look like a Swift method name.
    package static func objectiveCSpelling(ofSwift text: String) -> String? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let base = String(text[..<open]).trimmingCharacters(in: .whitespaces)
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)].filter { !$0.isWhitespace }
        guard !base.isEmpty, base.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        if inner.isEmpty { return base }
        guard inner.hasSuffix(":") else { return nil }
        let labels = inner.dropLast().split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else {
            return nil
        }
        return SwiftSelectorNaming.selector(base: base, labels: labels.map { $0 == "_" ? nil : $0 })
    }
}
