import Foundation
import Testing
import TrackctlTestSupport

/// `Scripts/check-layers` (review 2026-11-27, house): on a copy of the engine's sources, each
/// kind of upward reference planted in a lower folder — a type's name, a member an extension
/// above adds, a free function above — fails the check with the line named; the copy as it is
/// passes.
@Suite("The layer check")
struct LayerCheckTests {
    /// A copy of Scripts/check-layers and the three checked modules, in a temporary folder.
    private static func copy() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-layers-\(UUID().uuidString)")
        for path in [
            "Scripts/check-layers", "Sources/TrackctlModel", "Sources/TrackctlSourceScan", "Sources/TrackctlCore"
        ] {
            let target = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: RepositoryPaths.path(path)), to: target)
        }
        return root
    }

    private static func check(_ root: URL) throws -> RunResult {
        try CommandRunner.binary([root.appendingPathComponent("Scripts/check-layers").path], executable: "/bin/bash")
    }

    @Test(arguments: [
        ("a type", "", "_ = SimulationSummary.self", "names types of a layer above it"),
        (
            "an extension member", "extension EventLine {\n    var plantedUpward: Int { 1 }\n}\n",
            "_ = line.plantedUpward",
            "calls functions or extension members of a layer above it"
        ),
        (
            "a free function", "func plantedUpwardHelper() -> Int { 1 }\n", "_ = plantedUpwardHelper()",
            "calls functions or extension members of a layer above it"
        )
    ])
    func anUpwardReferenceFails(kind: String, above: String, use: String, message: String) throws {
        let root = try Self.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try Self.check(root).code == 0, "the copy as it is passes")
        try Data(above.utf8).write(to: root.appendingPathComponent("Sources/TrackctlCore/Simulate/PlantedAbove.swift"))
        let below = "import TrackctlModel\n\nprivate func plantedBelow(_ line: EventLine) {\n    \(use)\n}\n"
        try Data(below.utf8).write(to: root.appendingPathComponent("Sources/TrackctlCore/Replay/PlantedBelow.swift"))
        let result = try Self.check(root)
        #expect(result.code == 1, "\(kind) was not caught")
        #expect(result.err.contains("Sources/TrackctlCore/Replay (layer"), "\(result.err)")
        #expect(result.err.contains(message))
        #expect(result.err.contains("PlantedBelow.swift:4:"))
    }
}
