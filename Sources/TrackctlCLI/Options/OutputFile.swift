import Foundation
import TrackctlModel

/// `--output FILE`: a command's product written whole (replaced atomically), or the located
/// error that says why not — the folder that is missing, or the system's reason.
enum OutputFile {
    /// Whether `text` was written to `path`; on false the error is on stderr.
    static func write(_ text: String, to path: String, terminal: Terminal) -> Bool {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return true
        } catch {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let reason =
                Platform.isDirectory(folder) ? Platform.lastErrorMessage : "the folder '\(folder)' does not exist"
            terminal.writeErr("\(path): error: cannot be written: \(reason)\n")
            return false
        }
    }
}
