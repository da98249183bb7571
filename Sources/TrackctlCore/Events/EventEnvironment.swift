import TrackctlModel

/// A real device, as the `context` of a Segment event describes it (SPEC §5): the model
/// identifier, the operating system, and the screen in points with its scale (Segment's
/// `density`). `trackctl devices` lists them; `--device NAME` picks one.
///
/// Model identifiers are the `hw.machine` values Apple ships (iPhone18,3 is the iPhone 17);
/// screen points and scale are those of Apple's technical specifications (the native
/// resolution divided by the scale). `os.name` is `UIDevice.systemName`, which analytics-swift
/// sends: "iOS" on an iPhone, "iPadOS" on an iPad.
public struct DeviceProfile: Sendable, Equatable {
    /// What `--device` takes: `iphone-17`.
    public let name: String
    public let marketingName: String
    public let model: String
    public let osName: String
    public let osVersion: String
    /// In points.
    public let width: Int
    public let height: Int
    public let density: Int

    public static let all: [DeviceProfile] = [
        DeviceProfile(
            name: "iphone-17", marketingName: "iPhone 17", model: "iPhone18,3", osName: "iOS", osVersion: "26.1",
            width: 402, height: 874, density: 3),
        DeviceProfile(
            name: "iphone-17-pro", marketingName: "iPhone 17 Pro", model: "iPhone18,1", osName: "iOS",
            osVersion: "26.1", width: 402, height: 874, density: 3),
        DeviceProfile(
            name: "iphone-17-pro-max", marketingName: "iPhone 17 Pro Max", model: "iPhone18,2", osName: "iOS",
            osVersion: "26.1", width: 440, height: 956,
            density: 3),
        DeviceProfile(
            name: "iphone-air", marketingName: "iPhone Air", model: "iPhone18,4", osName: "iOS", osVersion: "26.1",
            width: 420, height: 912, density: 3),
        DeviceProfile(
            name: "iphone-16e", marketingName: "iPhone 16e", model: "iPhone17,5", osName: "iOS", osVersion: "18.6",
            width: 390, height: 844, density: 3),
        DeviceProfile(
            name: "iphone-15", marketingName: "iPhone 15", model: "iPhone15,4", osName: "iOS", osVersion: "17.5",
            width: 393, height: 852, density: 3),
        DeviceProfile(
            name: "iphone-se-3", marketingName: "iPhone SE (3rd generation)", model: "iPhone14,6", osName: "iOS",
            osVersion: "18.6", width: 375, height: 667,
            density: 2),
        DeviceProfile(
            name: "ipad-pro-11-m4", marketingName: "iPad Pro 11-inch (M4)", model: "iPad16,3", osName: "iPadOS",
            osVersion: "26.1", width: 834, height: 1210,
            density: 2)
    ]

    /// A current iPhone.
    public static let standard = all[0]

    /// The profile a slug (`iphone-15`) or the name the Simulator shows (`xcrun simctl list
    /// devicetypes`: `iPhone 15`, `iPad Pro 11-inch (M4)`) names, case-insensitively.
    public static func named(_ name: String) -> DeviceProfile? {
        let lowered = name.lowercased()
        return all.first { $0.name == lowered || $0.marketingName.lowercased() == lowered }
    }
}

/// What every Segment event of a replay shares in its `context` — the app, the device, the
/// locale and the time zone — written once as bytes, so an event copies it in one step.
public struct EventEnvironment: Sendable, Equatable {
    public var app: AppProfile
    public var device: DeviceProfile
    /// A BCP 47 language tag, as `Locale.preferredLanguages[0]` gives it (`en-US`).
    public var locale: String
    /// An IANA time zone name (`Europe/Paris`).
    public var timezone: String

    public init(
        app: AppProfile = .standard, device: DeviceProfile = .standard, locale: String = "en-US",
        timezone: String = "UTC"
    ) {
        self.app = app
        self.device = device
        self.locale = locale
        self.timezone = timezone
    }

    /// `"app":{…},"device":{…},"os":{…},"screen":{…},"locale":…,"timezone":…,"library":{…}`:
    /// the members of `context` before the navigation state, in SPEC §5's order.
    var constantContextMembers: String {
        var app =
            "\"name\":\(JSONText.quoted(self.app.name)),\"version\":\(JSONText.quoted(self.app.version)),"
            + "\"build\":\(JSONText.quoted(self.app.build))"
        if let namespace = self.app.namespace { app += ",\"namespace\":\(JSONText.quoted(namespace))" }
        return "\"app\":{\(app)},"
            + "\"device\":{\"manufacturer\":\"Apple\",\"model\":\(JSONText.quoted(device.model)),\"type\":\"ios\"},"
            + "\"os\":{\"name\":\(JSONText.quoted(device.osName)),\"version\":\(JSONText.quoted(device.osVersion))},"
            + "\"screen\":{\"width\":\(device.width),\"height\":\(device.height),\"density\":\(device.density)},"
            + "\"locale\":\(JSONText.quoted(locale)),\"timezone\":\(JSONText.quoted(timezone)),"
            + "\"library\":{\"name\":\"trackctl\",\"version\":\(JSONText.quoted(TrackctlVersion.current))}"
    }
}
