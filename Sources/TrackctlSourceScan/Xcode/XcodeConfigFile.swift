import Foundation
import TrackctlModel

/// The build settings of an `.xcconfig` file: `NAME = value` lines, `//` comments, and
/// `#include "other.xcconfig"` (or `#include?`, which may be missing) read in place, a later
/// setting winning. A conditional setting (`NAME[sdk=iphoneos*] = …`) applies to some builds
/// only; the unconditional one is kept, and a conditional one only where there is none.
enum XcodeConfigFile {
    /// The settings of the file at `path` (absolute); empty when it cannot be read.
    static func settings(path: String) -> [String: String] {
        var settings: [String: String] = [:]
        var conditional: [String: String] = [:]
        read(path, into: &settings, conditional: &conditional, depth: 0)
        for (key, value) in conditional where settings[key] == nil { settings[key] = value }
        return settings
    }

    private static func read(_ path: String, into settings: inout [String: String], conditional: inout [String: String], depth: Int) {
        guard depth < 16, case .success(let bytes) = FileInput.readSource(path: path, limit: 1024 * 1024) else { return }
        let folder = SourcePath.parent(path) ?? "/"
        for raw in String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(raw).drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#include") {
                let rest = line.dropFirst("#include".count).drop { $0 == "?" || $0 == " " || $0 == "\t" }
                guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { continue }
                let included = String(rest[rest.index(after: rest.startIndex)..<end])
                read(SourcePath.standardized(included, relativeTo: folder), into: &settings, conditional: &conditional, depth: depth + 1)
                continue
            }
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { continue }
            if let bracket = key.firstIndex(of: "[") {
                conditional[String(key[..<bracket])] = value
            } else {
                settings[key] = value
            }
        }
    }
}
