import Foundation
import TrackctlModel

/// `--stamp FILE` (SPEC §15): the one output a build step declares, written only when the run
/// passes, so the build system runs the step again until it does. A failing run also removes
/// a stamp left by an earlier pass: Xcode's run-script phases compare modification times, and a
/// stale stamp newer than the inputs would let the next build skip a check that failed.
///
/// The stamp also records a fingerprint of the run: trackctl's version, the options, and the
/// size and time of every file the run reads. A run whose fingerprint the stamp already holds
/// has nothing new to say, so it stops at once, silent, and leaves the stamp as it is. A build
/// system may start the step without a change the check can see: SwiftPM relinks a plugin's
/// tool once more on the build after a clean one, and every command using the tool runs again.
struct BuildStamp {
    let path: String

    /// The first line: a comment, because the SwiftPM plugin gives the stamp a `.swift` name so
    /// that the target compiles it (an output nothing consumes is never built).
    static let header = "// trackctl: the check passed; this file is the build's record of it (SPEC §15).\n"
    /// What precedes the fingerprint on the second line.
    static let fingerprintPrefix = "// inputs: "

    /// Whether the stamp holds `fingerprint`: the last run with these inputs passed.
    func records(_ fingerprint: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return String(decoding: data, as: UTF8.self) == Self.contents(fingerprint)
    }

    static func contents(_ fingerprint: String) -> String {
        header + fingerprintPrefix + fingerprint + "\n"
    }

    /// Writes or removes the stamp after a run that ended with `exit`; a stamp that cannot be
    /// written turns a pass into exit 2 (the build must not believe a check it cannot record).
    func settle(after exit: ExitCode, fingerprint: String, terminal: Terminal) -> ExitCode {
        guard exit == .success else {
            try? FileManager.default.removeItem(atPath: path)
            return exit
        }
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try Data(Self.contents(fingerprint).utf8).write(to: URL(fileURLWithPath: path))
            return exit
        } catch {
            terminal.writeErr("\(path): error: the stamp cannot be written (\(error.localizedDescription))\n")
            return .usage
        }
    }

    /// A 64-bit FNV-1a hash, in hex, of `settings` and of each file's path, size and
    /// modification time (a file that is missing counts as missing: the run will say why).
    static func fingerprint(settings: [String], files: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0xFF
            hash = hash &* 0x0000_0100_0000_01b3
        }
        mix(TrackctlVersion.current)
        settings.forEach(mix)
        for file in files {
            mix(file)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else {
                mix("missing")
                continue
            }
            mix(String((attributes[.size] as? NSNumber)?.int64Value ?? -1))
            mix(String((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1))
        }
        return String(hash, radix: 16)
    }
}
