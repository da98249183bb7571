import Foundation
import Testing

/// Golden files under the repository: compared byte for byte, rewritten first when
/// TRACKCTL_RECORD=1 (then review the diff like code).
enum Golden {
    static func check(_ produced: String, against relativePath: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let path = RepositoryPaths.path(relativePath)
        if ProcessInfo.processInfo.environment["TRACKCTL_RECORD"] == "1" {
            try produced.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(produced == expected, "differs from \(relativePath)", sourceLocation: sourceLocation)
    }
}
