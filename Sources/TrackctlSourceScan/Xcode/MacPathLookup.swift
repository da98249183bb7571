import TrackctlModel

/// Paths as a Mac finds them. A Mac's default volume (APFS, case-insensitive) opens
/// `config/Version.public.xcconfig` when the file is `Version.Public.xcconfig`, so a project
/// written there can name a file in a case the disk does not have, and Xcode builds it. A scan
/// on Linux (or a case-sensitive volume) that compared spellings exactly would miss that file:
/// a missing include Xcode never misses, or a source file no target seems to compile.
///
/// The exact spelling always wins; case is ignored only when it finds nothing, so two files
/// whose names differ only in case (possible here, not on a Mac) stay apart.
///
/// Memo: each folder searched is listed once (a project's missing `#include?` is looked for
/// from every configuration file, often in a large parent folder). The invariant that makes it
/// safe: the disk does not change during a scan, and one lookup serves one project's reading.
package struct MacPathLookup {
    private var listings: [String: [String]] = [:]
    /// Each path asked for, once: the same missing include is asked for by every file that has it.
    private var answers: [String: String?] = [:]

    package init() {}

    /// The path on disk that `path` (absolute, standardized) names on a Mac: `path` itself when
    /// something is there, else the same path with each missing component matched ignoring case
    /// among its folder's entries. Nil when nothing matches, or when several entries of one
    /// folder match (a case-sensitive disk holding both spellings: a Mac could not).
    package mutating func onDisk(_ path: String) -> String? {
        if let known = answers[path] { return known }
        let answer = find(path)
        answers[path] = answer
        return answer
    }

    private mutating func find(_ path: String) -> String? {
        if Platform.entryKind(path) != nil { return path }
        var found = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            let exact = found + "/" + component
            if Platform.entryKind(exact) != nil {
                found = exact
                continue
            }
            let folder = found.isEmpty ? "/" : found
            guard let names = entries(of: folder) else { return nil }
            // Folding keeps an ASCII name's length: the byte count rules out nearly every entry unfolded.
            let wanted = Self.folded(component)
            let matches = names.filter {
                ($0.utf8.count == component.utf8.count || !$0.utf8.allSatisfy { $0 < 0x80 })
                    && Self.folded($0) == wanted
            }
            guard matches.count == 1 else { return nil }
            found += "/" + matches[0]
        }
        return found.isEmpty ? nil : found
    }

    private mutating func entries(of folder: String) -> [String]? {
        if let known = listings[folder] { return known }
        guard case .success(let entries) = Platform.directoryEntries(folder) else { return nil }
        let names = entries.map(\.name)
        listings[folder] = names
        return names
    }

    /// The key under which two spellings of one path are the same file on a Mac.
    package static func folded<S: StringProtocol>(_ path: S) -> String { path.lowercased() }
}
