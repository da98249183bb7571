import Foundation
import TrackctlModel

/// `--stamp FILE` (SPEC §15): the one output a build step declares. It is there after every
/// passing run and removed by a failing one, so the build system runs the step again until it
/// passes.
///
/// Its text never changes, so a passing run that finds the stamp in place leaves it untouched:
/// the SwiftPM plugin's stamp is a Swift file the target compiles (an output nothing consumes is
/// never built), and a rewritten stamp would recompile the module, and relink what uses it,
/// after every change to the SPOC. Build systems built on llbuild (SwiftPM, Xcode's) track
/// what a command read, not the times of its outputs, so an untouched stamp is never stale.
///
/// Beside it, `FILE.inputs` records a fingerprint of the passing run: trackctl's version, the
/// options, and the size and time of every file the run read. A run whose fingerprint is
/// recorded has nothing new to say, so it stops at once, silent. A build system may start the
/// step without a change the check can see: SwiftPM relinks a plugin's tool once more on the
/// build after a clean one, and every command using the tool runs again. Where the fingerprint
/// cannot be written (a sandbox that allows the declared output only), every run checks.
struct BuildStamp {
    let path: String

    /// The stamp's text: a comment, which compiles to nothing.
    static let contents = "// trackctl: the check passed; this file is the build's record of it (SPEC §15).\n"

    /// Where the fingerprint of the last passing run is kept.
    var fingerprintPath: String { path + ".inputs" }

    /// Whether the last passing run had `fingerprint` and its stamp is still in place.
    func records(_ fingerprint: String) -> Bool {
        guard let stamp = FileManager.default.contents(atPath: path), stamp == Data(Self.contents.utf8),
            let recorded = FileManager.default.contents(atPath: fingerprintPath)
        else { return false }
        return recorded == Data((fingerprint + "\n").utf8)
    }

    /// Writes or removes the stamp after a run that ended with `exit`; a stamp that cannot be
    /// written turns a pass into exit 2 (the build must not believe a check it cannot record).
    func settle(after exit: ExitCode, fingerprint: String?, terminal: Terminal) -> ExitCode {
        let files = FileManager.default
        guard exit == .success else {
            try? files.removeItem(atPath: path)
            try? files.removeItem(atPath: fingerprintPath)
            return exit
        }
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try files.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            if files.contents(atPath: path) != Data(Self.contents.utf8) {
                try Data(Self.contents.utf8).write(to: URL(fileURLWithPath: path))
            }
        } catch {
            terminal.writeErr("\(path): error: the stamp cannot be written (\(error.localizedDescription))\n")
            return .usage
        }
        // Only a shortcut: without it the next run checks again.
        if let fingerprint {
            try? Data((fingerprint + "\n").utf8).write(to: URL(fileURLWithPath: fingerprintPath))
        } else {
            try? files.removeItem(atPath: fingerprintPath)
        }
        return exit
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
