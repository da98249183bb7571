import TrackctlModel

/// Path arithmetic on strings, without touching the file system: the scan compares the paths
/// it walks with the paths an Xcode project lists, both made absolute and standardized the
/// same way.
package enum SourcePath {
    /// `path` joined to `base` when relative, with `.`, `..` and repeated slashes removed.
    package static func standardized(_ path: String, relativeTo base: String) -> String {
        let full = path.hasPrefix("/") ? path : base + "/" + path
        if isStandard(full) { return full }
        var components: [Substring] = []
        for component in full.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if !components.isEmpty { components.removeLast() }
                continue
            }
            components.append(component)
        }
        return "/" + components.joined(separator: "/")
    }

    /// Whether an absolute path has nothing to remove (no empty, `.` or `..` component, no
    /// trailing slash): most paths of a project, which then need no splitting.
    private static func isStandard(_ absolute: String) -> Bool {
        var utf8 = absolute.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "/") else { return false }
        var componentLength = 0
        var dotsOnly = true
        var count = 1
        while let byte = utf8.next() {
            count += 1
            if byte == UInt8(ascii: "/") {
                if componentLength == 0 || (dotsOnly && componentLength <= 2) { return false }
                componentLength = 0
                dotsOnly = true
            } else {
                componentLength += 1
                if byte != UInt8(ascii: ".") { dotsOnly = false }
            }
        }
        if count == 1 { return true }  // "/"
        return componentLength > 0 && !(dotsOnly && componentLength <= 2)
    }

    /// `absolute` as a user would write it from `base`: relative when inside it, so messages
    /// show `App.xcodeproj` rather than `/Users/…/App.xcodeproj`.
    static func relative(_ absolute: String, to base: String) -> String {
        if absolute == base { return "." }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    /// `a/b` + `c` → `a/b/c` (an empty or `.` base gives `c`).
    static func join(_ base: String, _ name: String) -> String {
        if base.isEmpty || base == "." { return name }
        return base.hasSuffix("/") ? base + name : base + "/" + name
    }

    /// The last component: `a/b/c.swift` → `c.swift`.
    static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The parent directory, or nil at the root.
    static func parent(_ absolute: String) -> String? {
        guard absolute != "/", let slash = absolute.lastIndex(of: "/") else { return nil }
        return slash == absolute.startIndex ? "/" : String(absolute[..<slash])
    }

    /// The extension after the last dot of the last component, lower-cased.
    static func fileExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Xcode's `:c99extidentifier`: characters that cannot be in an identifier become `_`, and
    /// a leading digit gets one in front (the default `PRODUCT_MODULE_NAME`).
    static func c99Identifier(_ name: String) -> String {
        var result = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                    ? Character(scalar) : "_"
            })
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result.isEmpty ? "_" : result
    }
}
