import Foundation
import TrackctlSDKGenerator

// trackctl-sdkgen names SDK_FOLDER --sdk DESCRIPTION [--output FILE]
//     Reads an iOS SDK folder's headers and API notes into the Swift-name table (SDK/swift-names.tsv).
// trackctl-sdkgen model MACIOS_CHECKOUT --names FILE --inputs FILE [--output FILE]
//     Reads a dotnet/macios checkout and the table into the Swift source of the SDK model.
// Scripts/regenerate-sdk-model runs both with the pinned inputs and compares with what is committed.
var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func value(of flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return value
}
func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("trackctl-sdkgen: \(message)\n".utf8))
    exit(code)
}
let usage = """
    usage: trackctl-sdkgen names SDK_FOLDER --sdk DESCRIPTION [--output FILE]
           trackctl-sdkgen model MACIOS_CHECKOUT --names FILE --inputs FILE [--output FILE]
    """
func write(_ text: String, to output: String?) {
    guard let output else { FileHandle.standardOutput.write(Data(text.utf8)); return }
    do { try Data(text.utf8).write(to: URL(fileURLWithPath: output)) } catch {
        fail("cannot write '\(output)': \(error.localizedDescription)", code: 1)
    }
}
let mode = arguments.first ?? ""
arguments = Array(arguments.dropFirst())
let output = value(of: "--output")
switch mode {
case "names":
    guard let description = value(of: "--sdk"), arguments.count == 1 else {
        fail("names needs SDK_FOLDER and --sdk\n\(usage)", code: 2)
    }
    do { write(try SDKGenerator.names(sdkFolder: arguments[0], description: description), to: output) } catch {
        fail(error.description, code: 1)
    }
case "model":
    guard let namesPath = value(of: "--names"), let inputsPath = value(of: "--inputs"), arguments.count == 1 else {
        fail("model needs MACIOS_CHECKOUT, --names and --inputs\n\(usage)", code: 2)
    }
    guard let names = try? String(contentsOfFile: namesPath, encoding: .utf8) else {
        fail("cannot read '\(namesPath)'", code: 1)
    }
    guard let inputsText = try? String(contentsOfFile: inputsPath, encoding: .utf8) else {
        fail("cannot read '\(inputsPath)'", code: 1)
    }
    do {
        let inputs = try SDKGenerator.Inputs(parsing: inputsText)
        let (types, summary) = try SDKGenerator.model(checkout: arguments[0], names: names)
        for line in summary { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        write(SDKGenerator.swiftSource(types, inputs: inputs, summary: summary), to: output)
    } catch {
        fail(error.description, code: 1)
    }
default:
    fail("unknown mode '\(mode)'\n\(usage)", code: 2)
}
