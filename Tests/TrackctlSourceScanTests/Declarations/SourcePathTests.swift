import Testing

@testable import TrackctlModel
@testable import TrackctlSourceScan

/// Paths as a project file names them, made absolute and standard (a file reached twice must
/// compare equal, or it would be scanned in two modules).
struct SourcePathTests {
    @Test(arguments: [
        ("App/Main.swift", "/work/proj", "/work/proj/App/Main.swift"),
        ("/abs/File.swift", "/ignored", "/abs/File.swift"),
        ("./App//Main.swift", "/work/proj", "/work/proj/App/Main.swift"),
        ("../Shared/File.swift", "/work/proj/App", "/work/proj/Shared/File.swift"),
        ("App/..", "/work/proj", "/work/proj"),
        ("App/.", "/work/proj", "/work/proj/App"),
        ("App/", "/work/proj", "/work/proj/App"),
        ("", "/work/proj", "/work/proj"),
        ("..", "/", "/"),
        ("...", "/work", "/work/..."),
        (".hidden/a", "/work", "/work/.hidden/a"),
        ("a..b/c", "/work", "/work/a..b/c")
    ])
    func standardized(path: String, base: String, expected: String) {
        #expect(SourcePath.standardized(path, relativeTo: base) == expected)
    }
}
