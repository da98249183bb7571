import TrackctlModel

/// Paths as a Mac finds them. A Mac's default volume (APFS, case-insensitive) opens
/// `config/Version.public.xcconfig` when the file is `Version.Public.xcconfig`, so a project
/// written there can name a file in a case the disk does not have, and Xcode builds it. A scan
/// on Linux (or a case-sensitive volume) that compared spellings exactly would miss that file:
/// a missing include Xcode never misses, or a source file no target seems to compile.
///
/// The exact spelling always wins; case is ignored only when it finds nothing, so two files
/// whose names differ only in case (possible here, not on a Mac) stay apart.
package enum MacPathLookup {
    /// The path on disk that `path` (absolute, standardized) names on a Mac: `path` itself when
    /// something is there, else the same path with each missing component matched ignoring case
    /// among its folder's entries. Nil when nothing matches, or when several entries of one
    /// folder match (a case-sensitive disk holding both spellings: a Mac could not).
    package static func onDisk(_ path: String) -> String? {
        if Platform.entryKind(path) != nil { return path }
        var found = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            let exact = found + "/" + component
            if Platform.entryKind(exact) != nil {
                found = exact
                continue
            }
            guard case .success(let entries) = Platform.directoryEntries(found.isEmpty ? "/" : found) else {
                return nil
            }
            let wanted = folded(component)
            let matches = entries.filter { folded($0.name) == wanted }
            guard matches.count == 1 else { return nil }
            found += "/" + matches[0].name
        }
        return found.isEmpty ? nil : found
    }

    /// The key under which two spellings of one path are the same file on a Mac.
    package static func folded<S: StringProtocol>(_ path: S) -> String { path.lowercased() }
}
