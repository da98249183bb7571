import TrackctlCore
import TrackctlModel

/// `trackctl devices`: the built-in device profiles `replay --device` takes.
enum DevicesCommand: Command {
    struct Options: ParsableOptions {
        var json = false
        var format: DataFormat = .text

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .option(
                    "--format", \.format, valueName: "FORMAT",
                    help: "text (default) or json: one JSON document, the profiles as events' context writes them"),
                .flag("--json", \.json, help: "The same as --format json (kept for scripts written before --format)")
            ]
        }
    }

    static let name = "devices"
    static let abstract = "List the device profiles of replay --device."
    static let discussion = """
        Model identifiers, OS versions, and screen points and scale from Apple's specifications. The first is \
        the default. --device takes a NAME or the SIMULATOR NAME (as 'xcrun simctl list devicetypes' shows it), \
        case-insensitively: --device 'iPhone 15'.
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        if options.json || options.format == .json {
            let items = DeviceProfile.all.map { device in
                "{\"name\":\(JSONText.quoted(device.name)),\"marketingName\":\(JSONText.quoted(device.marketingName)),"
                    + "\"model\":\(JSONText.quoted(device.model)),"
                    + "\"os\":{\"name\":\(JSONText.quoted(device.osName)),"
                    + "\"version\":\(JSONText.quoted(device.osVersion))},"
                    + "\"screen\":{\"width\":\(device.width),\"height\":\(device.height),"
                    + "\"density\":\(device.density)}}"
            }
            return terminal.writeOut(
                "{\"devices\":[" + items.joined(separator: ",")
                    + "],\"default\":\(JSONText.quoted(DeviceProfile.standard.name))}\n")
                ? .success : .usage
        }
        var rows = [["NAME", "SIMULATOR NAME", "MODEL", "OS", "SCREEN"]]
        for device in DeviceProfile.all {
            rows.append([
                device.name + (device == .standard ? " (default)" : ""), device.marketingName, device.model,
                "\(device.osName) \(device.osVersion)", "\(device.width)x\(device.height) @\(device.density)x"
            ])
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let text =
            rows.map { row in
                row.enumerated().map { index, cell in
                    index == 4 ? cell : HelpLayout.cell(cell, width: widths[index] + 2)
                }.joined()
            }.joined(separator: "\n") + "\n"
        return terminal.writeOut(text) ? .success : .usage
    }
}
