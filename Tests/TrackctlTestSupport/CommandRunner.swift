import Foundation

/// What a run of trackctl produced.
public struct RunResult {
    public var out: String
    public var err: String
    public var code: Int32

    public init(out: String, err: String, code: Int32) {
        self.out = out
        self.err = err
        self.code = code
    }
}

/// Runs trackctl. The built binary is here, for every test target; the command tree in process
/// (`inProcess`) is the CLI tests' own, so no other test target builds the CLI.
public enum CommandRunner {
    /// Runs the built binary as a user would, with optional standard input. Output goes to
    /// temporary files, so a large output can never block the child on a full pipe.
    public static func binary(
        _ arguments: [String], stdin: Data? = nil, executable: String? = nil, environment: [String: String] = [:]
    ) throws -> RunResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err"),
            inURL = folder.appendingPathComponent("in")
        try (stdin ?? Data()).write(to: inURL)
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
            FileManager.default.createFile(atPath: errURL.path, contents: nil)
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder.path])
        }
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? RepositoryPaths.binary
        process.arguments = arguments
        process.currentDirectoryURL = RepositoryPaths.root
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        try process.run()
        process.waitUntilExit()
        return RunResult(
            out: try String(contentsOf: outURL, encoding: .utf8), err: try String(contentsOf: errURL, encoding: .utf8),
            code: process.terminationStatus)
    }
}
