import TrackctlModel

/// `--source-list FILE` (SPEC §15): the files to scan, one path per line, so a build step with
/// thousands of sources never meets the system's limit on argument lists. The form is an Xcode
/// file list's (`.xcfilelist`): blank lines and `#` comments skipped, `$(NAME)` and `${NAME}`
/// replaced from the environment (Xcode sets `SRCROOT` in a run-script phase), relative paths
/// resolved from the current directory as `--source`'s are.
///
/// A list names every input of a build step, so lines that are not sources (the SPOC, the plan,
/// a project file) are skipped, not errors; a line naming nothing on disk is an error at its line.
public enum SourceList {
    /// The sources and folders `path` lists, in its order.
    public static func read(_ path: String, environment: (String) -> String?) throws(DocumentError) -> [String] {
        let name = path == "-" ? "<stdin>" : path
        let bytes = try FileInput.readAll(path: path, reportedAs: name)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DocumentError(file: name, message: "is not UTF-8 text; a source list is one path per line")
        }
        var paths: [String] = []
        // By Character, "\r\n" is one: lines written on Windows split as Unix ones do.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let lineNumber = index + 1
            let expanded = try expand(String(trimmed), file: name, line: lineNumber, environment: environment)
            guard let kind = Platform.entryKind(expanded) else {
                throw DocumentError(
                    file: name, message: "'\(expanded)': " + MissingPath.message(for: expanded, kind: "file or folder"),
                    position: SourcePosition(line: lineNumber, column: 1))
            }
            if kind == .directory || Platform.isDirectory(expanded) {
                // A project or a package folder is read for its modules, not walked as sources.
                if !expanded.hasSuffix(".xcodeproj") { paths.append(expanded) }
            } else if SourceScanner.isSourceFile(expanded) {
                paths.append(expanded)
            }
        }
        guard !paths.isEmpty else {
            throw DocumentError(file: name, message: "names no .h, .m, .mm or .swift file, nor a folder to scan")
        }
        return paths
    }

    /// `line` with `$(NAME)` and `${NAME}` replaced; an unset name is an error at its column.
    static func expand(_ line: String, file: String, line number: Int, environment: (String) -> String?)
        throws(DocumentError) -> String
    {
        let scalars = Array(line.unicodeScalars)
        var result = ""
        var index = 0
        while index < scalars.count {
            let opening = index + 1 < scalars.count ? scalars[index + 1] : " "
            guard scalars[index] == "$", opening == "(" || opening == "{" else {
                result.unicodeScalars.append(scalars[index])
                index += 1
                continue
            }
            let closing: Unicode.Scalar = opening == "(" ? ")" : "}"
            guard let end = scalars[(index + 2)...].firstIndex(of: closing) else {
                throw DocumentError(
                    file: file, message: "'$\(opening)' is not closed; write $(NAME) or ${NAME}",
                    position: SourcePosition(line: number, column: index + 1))
            }
            var variable = ""
            variable.unicodeScalars.append(contentsOf: scalars[(index + 2)..<end])
            guard let value = environment(variable) else {
                throw DocumentError(
                    file: file,
                    message:
                        "'\(variable)' is not set; Xcode sets it in a build phase, elsewhere export it or write "
                        + "the path",
                    position: SourcePosition(line: number, column: index + 1))
            }
            result += value
            index = end + 1
        }
        return result
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
