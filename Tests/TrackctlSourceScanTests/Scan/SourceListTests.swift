import Foundation
import Testing
import TrackctlModel
import TrackctlSourceScan
import TrackctlTestSupport

/// `--source-list FILE` (SPEC §15): the lists under Fixtures/plugin/lists, in the form of an
/// Xcode file list (`.xcfilelist`), read with `$(REPO)` set to the repository.
@Suite("Source list")
struct SourceListTests {
    static func list(_ name: String) -> String { RepositoryPaths.path("Fixtures/plugin/lists/" + name) }

    static func read(_ name: String) throws(DocumentError) -> [String] {
        try SourceList.read(list(name)) { $0 == "REPO" ? RepositoryPaths.root.path : nil }
    }

    @Test func sourcesAndFoldersAreKeptAndTheOtherInputsSkipped() throws {
        let root = RepositoryPaths.root.path
        // Both spellings of a variable; spaces around a path; the SPOC and the project (inputs a
        // phase lists, not sources) skipped; a folder kept, to be walked.
        #expect(
            try Self.read("shop.xcfilelist") == [
                root + "/Fixtures/source/swift-app/Sources/ShopApp/Hierarchy.swift",
                root + "/Fixtures/source/swift-app/Sources/ShopApp/ProfileViewController.swift",
                root + "/Fixtures/source/swift-app/Sources/ShopApp/SettingsViewController.swift",
                root + "/Fixtures/source/objc-app"
            ])
    }

    /// Each broken list, and the located error it gives (exit 2 from the command).
    @Test(arguments: [
        (
            "missing-file.xcfilelist", 3,
            "'\(RepositoryPaths.root.path)/Fixtures/source/swift-app/Sources/ShopApp/Nowhere.swift': no such file or "
                + "folder"
        ),
        (
            "unset-variable.xcfilelist", 2,
            "'SRCROOT_UNSET_IN_TESTS' is not set; Xcode sets it in a build phase, elsewhere export it or write the path"
        ),
        ("unclosed-variable.xcfilelist", 2, "'$(' is not closed; write $(NAME) or ${NAME}")
    ])
    func aBrokenLineIsAnErrorAtItsLine(name: String, line: Int, message: String) throws {
        let error = try #require(throws: DocumentError.self) { try Self.read(name) }
        #expect(error.file == Self.list(name))
        #expect(error.position?.line == line)
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test func aListWithoutSourcesIsAnError() throws {
        let error = try #require(throws: DocumentError.self) { try Self.read("no-sources.xcfilelist") }
        #expect(error.message == "names no .h, .m, .mm or .swift file, nor a folder to scan")
        #expect(error.position == nil)
    }

    @Test func aListThatIsNotTextOrNotThereSaysSo() throws {
        let binary = try #require(throws: DocumentError.self) { try Self.read("not-utf8.xcfilelist") }
        #expect(binary.message == "is not UTF-8 text; a source list is one path per line")
        let missing = try #require(throws: DocumentError.self) { try Self.read("nowhere.xcfilelist") }
        #expect(missing.message.hasPrefix("no such file"))
    }
}
