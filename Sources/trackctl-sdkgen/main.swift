import Foundation
import TrackctlSDKGenerator

// trackctl-sdkgen MACIOS_CHECKOUT --commit SHA [--output FILE]
// Reads MACIOS_CHECKOUT/src/*.cs and writes the Swift source of the SDK model.
var arguments = Array(CommandLine.arguments.dropFirst())
func value(of flag: String, in arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return value
}
let usage = "usage: trackctl-sdkgen MACIOS_CHECKOUT --commit SHA [--output FILE]\n"
let commit = value(of: "--commit", in: &arguments)
let output = value(of: "--output", in: &arguments)
guard let commit, arguments.count == 1, !arguments[0].hasPrefix("-") else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
do {
    let types = try SDKGenerator.model(sourceDirectory: arguments[0] + "/src")
    let source = SDKGenerator.swiftSource(types, commit: commit)
    if let output {
        try Data(source.utf8).write(to: URL(fileURLWithPath: output))
    } else {
        FileHandle.standardOutput.write(Data(source.utf8))
    }
} catch {
    FileHandle.standardError.write(Data("trackctl-sdkgen: \(error)\n".utf8))
    exit(1)
}
