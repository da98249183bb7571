import Foundation
import TrackctlModel

/// The assignments of an `.xcconfig` file, in the order Xcode reads them: `NAME = value` and
/// `NAME[sdk=iphoneos*][config=Release] = value` lines, `//` comments, an optional `;` at the
/// end of a value, and `#include "other.xcconfig"` / `#include? "…"` read in place (relative
/// to the including file, found as a Mac finds it: `MacPathLookup`). What they mean is
/// `BuildSettings`' business; this type only reads.
enum XcodeConfigFile {
    /// What reading found: the assignments, and the includes that could not be read.
    struct Contents: Sendable {
        var assignments: [BuildSettingAssignment] = []
        /// A `#include` (not `#include?`) whose file is missing, or an include cycle: Xcode
        /// stops the build there, so the scan says it.
        var problems: [ScanWarning] = []
        /// Every file read: the one named and what it includes (absolute), for a build step's inputs.
        var files: [String] = []
    }

    /// The assignments of the file at `path` (absolute), includes expanded; a file that
    /// cannot be read has none (the caller says so when it was named by the project).
    static func read(path: String) -> Contents {
        var lookup = MacPathLookup()
        return read(path: path, lookup: &lookup)
    }

    /// The same, includes found through `lookup` (a project's, shared by its configuration files).
    static func read(path: String, lookup: inout MacPathLookup) -> Contents {
        var contents = Contents()
        read(path, into: &contents, including: [], lookup: &lookup)
        return contents
    }

    private static func read(
        _ path: String, into contents: inout Contents, including chain: [String], lookup: inout MacPathLookup
    ) {
        guard case .success(let bytes) = FileInput.readSource(path: path, limit: 1024 * 1024) else { return }
        contents.files.append(path)
        let folder = SourcePath.parent(path) ?? "/"
        var lineNumber = 0
        for raw in String(decoding: bytes, as: UTF8.self).split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" })
        {
            lineNumber += 1
            var line = Substring(raw).drop { $0 == " " || $0 == "\t" }
            if line.hasSuffix("\r") { line = line.dropLast() }
            if line.hasPrefix("#include") {
                let optional = line.dropFirst("#include".count).first == "?"
                let rest = line.dropFirst("#include".count + (optional ? 1 : 0)).drop { $0 == " " || $0 == "\t" }
                guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { continue }
                let named = SourcePath.standardized(
                    String(rest[rest.index(after: rest.startIndex)..<end]), relativeTo: folder)
                let included = lookup.onDisk(named) ?? named
                let position = SourcePosition(line: lineNumber, column: 1)
                if included == path || chain.contains(included) {
                    contents.problems.append(
                        ScanWarning(
                            path: path, position: position,
                            message: "'\(included)' includes itself; the include is ignored"))
                } else if !optional, Platform.entryKind(included) == nil {
                    contents.problems.append(
                        ScanWarning(
                            path: path, position: position,
                            message:
                                "the included file '\(included)' does not exist (Xcode stops the build here; "
                                + "'#include?' may be missing)"
                        ))
                } else if chain.count < 16 {
                    read(included, into: &contents, including: chain + [path], lookup: &lookup)
                }
                continue
            }
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            // The `=` of the assignment, not one inside a condition (`NAME[sdk=iphoneos*] = …`).
            var depth = 0
            guard
                let equals = line.firstIndex(where: { character in
                    if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
                    return character == "=" && depth == 0
                })
            else { continue }
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
            if let assignment = BuildSettingAssignment(
                key: line[..<equals].trimmingCharacters(in: .whitespaces), value: value)
            {
                contents.assignments.append(assignment)
            }
        }
    }
}
