import Foundation

/// What every command says of a file or folder it was given that is not there, in one wording
/// (review 2026-11-27, newcomer #13): "no such file", "no such file or folder" for a path that
/// may be either, "no such folder 'out'" when the folder it sits in is missing too — and the
/// closest name in that folder when one is a slip away (`analytics.plst` → `analytics.plist`).
public enum MissingPath {
    /// Throws the located error for `path` when nothing is there; the rest is the caller's.
    public static func requireExisting(_ path: String) throws(DocumentError) {
        guard Platform.entryKind(path) == nil else { return }
        throw DocumentError(file: path, message: message(for: path))
    }

    /// The message after `PATH: error: `, for a `path` that does not exist.
    public static func message(for path: String, kind: String = "file") -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let written = (path as NSString).deletingLastPathComponent
        if !written.isEmpty, !Platform.isDirectory(folder) {
            return "no such folder '\(written)'"
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let name = url.lastPathComponent
        // Close as whole names, and close without their extensions too: a shared `.trackscript`
        // makes `nope.trackscript` look near `demo.trackscript`, and it is not.
        func stem(_ name: String) -> String { (name as NSString).deletingPathExtension }
        let candidates = Suggester.closest(to: name, among: entries.filter { !$0.hasPrefix(".") }, limit: 3)
        guard
            let closest = candidates.first(where: {
                stem($0) == stem(name) || !Suggester.closest(to: stem(name), among: [stem($0)], limit: 1).isEmpty
            })
        else {
            return "no such \(kind)"
        }
        return "no such \(kind); did you mean '\(written.isEmpty ? closest : written + "/" + closest)'?"
    }
}
