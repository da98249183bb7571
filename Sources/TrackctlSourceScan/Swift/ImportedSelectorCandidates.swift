import Foundation
import Synchronization
import TrackctlModel
import TrackctlSDK

/// The Objective-C selectors the Swift importer could have named a Swift method after: its
/// rules run backwards (SPEC §10.1, "No invented selectors"). Used where a method's selector
/// cannot be known — it may witness a protocol nobody knows, or override a method the SDK model
/// does not name — so that the right selector is never an error where a wrong one would be a
/// warning.
///
/// The importer prunes a parameter's type name after a verb or a preposition
/// (`didReceiveNotification:` with a `UNNotification` parameter is `didReceive(_:)`,
/// `decidePolicyForNavigationAction:` is `decidePolicyFor`), the element of an array in the
/// plural (`didPickDocumentsAtURLs:`), splits a Boolean `Animated` into a label, and turns a
/// completion handler into `async`. Each candidate restores one choice per keyword: the Swift
/// keyword as it is, or followed by trailing words of its parameter's type.
enum ImportedSelectorCandidates {
    /// At most `limit` candidates, the Swift-formed selector first.
    static func candidates(of member: SwiftMember, limit: Int = 64) -> [String] {
        guard member.kind == .function || member.kind == .initializer, let computed = member.namedSelectors.first else {
            return member.namedSelectors
        }
        var keywordChoices: [[String]] = []
        if member.isAsync {
            // The handler's keyword is not in the Swift name: the common spellings.
            let pieces = ImporterNaming.keywords(computed).dropLast()
            keywordChoices = keywords(pieces: Array(pieces), member: member)
            var result: [String] = [computed]
            if pieces.isEmpty {
                for suffix in ["WithCompletionHandler:", "WithCompletion:", "WithCompletionBlock:", "WithReply:"] {
                    result.append(member.name + suffix)
                }
            } else {
                let heads = selectors(keywordChoices, limit: limit / 4)
                for handler in [
                    "completionHandler", "completion", "withCompletionHandler", "withCompletion", "reply",
                    "decisionHandler", "handler"
                ] {
                    for head in heads { result.append(head + handler + ":") }
                }
                // `applicationPerformFetch(_:)` ← `application:performFetchWithCompletionHandler:`.
                let words = CamelCase.words(pieces[0])
                if words.count > 1 {
                    for split in 1..<words.count {
                        let head = words[..<split].joined(), tail = CamelCase.lowercaseWord(words[split...].joined())
                        result.append(
                            ([head] + pieces.dropFirst() + [tail + "WithCompletionHandler"]).map { $0 + ":" }.joined())
                    }
                }
            }
            return unique(result, limit: limit)
        }
        guard computed.hasSuffix(":") else { return [computed] }
        keywordChoices = keywords(pieces: ImporterNaming.keywords(computed), member: member)
        return unique([computed] + selectors(keywordChoices, limit: limit), limit: limit)
    }

    /// Each keyword with the variants its parameter's type allows.
    private static func keywords(pieces: [String], member: SwiftMember) -> [[String]] {
        pieces.enumerated().map { index, piece in
            var choices = [piece]
            guard index < member.parameterTypes.count else { return choices }
            for suffix in typeSuffixes(member.parameterTypes[index]) where !piece.hasSuffix(suffix) {
                choices.append(piece + suffix)
            }
            if index == 0, member.labels.first == "animated", member.parameterTypes[0] == "Bool" {
                choices.append(member.name + "Animated")
            }
            return choices
        }
    }

    /// The trailing words of a type as written, the ones the importer may have pruned:
    /// `UNNotification` → `Notification`, `UNNotification`; `[URL]` → `URLs`; `IndexPath` →
    /// `Path`, `IndexPath`.
    static func typeSuffixes(_ written: String) -> [String] {
        if let known = suffixCache.value(for: written) { return known }
        let suffixes = computeTypeSuffixes(written)
        suffixCache.store(suffixes, for: written)
        return suffixes
    }

    /// The suffixes of each type seen, by its spelling (see `SuffixCache`).
    private static let suffixCache = SuffixCache()

    private static func computeTypeSuffixes(_ written: String) -> [String] {
        var type = written.replacingOccurrences(of: " ", with: "")
        for prefix in ["inout", "any", "some", "@escaping", "@Sendable"] where type.hasPrefix(prefix) {
            type.removeFirst(prefix.count)
        }
        while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        var plural = false
        if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") {
            type = String(type.dropFirst().dropLast())
            plural = true
        }
        if let dot = type.lastIndex(of: ".") { type = String(type[type.index(after: dot)...]) }
        // Numbers, Booleans and `Any` name no Objective-C parameter words a delegate method spells.
        if ["Bool", "Int", "UInt", "Double", "Float", "CGFloat", "Any", "AnyObject", "Void"].contains(type) {
            return []
        }
        guard let first = type.utf8.first, CamelCase.isUpper(first), type.allSatisfy({ $0.isLetter || $0.isNumber })
        else { return [] }
        let words = CamelCase.words(type)
        var result: [String] = []
        for start in stride(from: words.count - 1, through: 0, by: -1) {
            let suffix = words[start...].joined()
            result.append(plural ? suffix + (suffix.hasSuffix("s") ? "es" : "s") : suffix)
        }
        return result
    }

    /// One selector per combination of choices, one keyword from each list (the last varying
    /// fastest), at most `limit`.
    private static func selectors(_ choices: [[String]], limit: Int) -> [String] {
        var result = [""]
        for options in choices {
            var next: [String] = []
            next.reserveCapacity(min(limit, result.count * options.count))
            for prefix in result {
                for option in options where next.count < limit { next.append(prefix + option + ":") }
            }
            result = next
        }
        return result
    }

    private static func unique(_ selectors: [String], limit: Int) -> [String] {
        var seen = Set<String>()
        return Array(selectors.filter { seen.insert($0).inserted }.prefix(limit))
    }
}

/// What `ImportedSelectorCandidates.typeSuffixes` found for each type spelling: an app names the
/// same few dozen types in thousands of signatures.
///
/// Owner: `ImportedSelectorCandidates`, for the process. Threads: any (classes resolve on all
/// cores); one lock guards the table, and an entry never changes once stored (a type's suffixes
/// depend on its spelling alone). Nothing invalidates it.
private final class SuffixCache: Sendable {
    private let table = Mutex<[String: [String]]>([:])

    func value(for type: String) -> [String]? {
        table.withLock { $0[type] }
    }

    func store(_ suffixes: [String], for type: String) {
        table.withLock { $0[type] = suffixes }
    }
}
