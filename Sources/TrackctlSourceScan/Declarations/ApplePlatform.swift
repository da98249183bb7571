/// The platforms a target builds for (SPEC §10, "Platforms"): a scan keeps the targets of one,
/// so a Mac app's classes never enter an iOS catalog.
public enum ApplePlatform: String, Sendable, CaseIterable, Comparable {
    case iOS = "ios"
    case macOS = "macos"
    case tvOS = "tvos"
    case watchOS = "watchos"
    case visionOS = "visionos"

    /// How people write it: "iOS", "macOS".
    public var displayName: String {
        switch self {
        case .iOS: return "iOS"
        case .macOS: return "macOS"
        case .tvOS: return "tvOS"
        case .watchOS: return "watchOS"
        case .visionOS: return "visionOS"
        }
    }

    /// The device SDK's canonical name for conditions (`[sdk=iphoneos*]`): the newest SDK's,
    /// since a scan reads the app as today's Xcode builds it.
    var sdkName: String {
        switch self {
        case .iOS: return "iphoneos26.0"
        case .macOS: return "macosx26.0"
        case .tvOS: return "appletvos26.0"
        case .watchOS: return "watchos26.0"
        case .visionOS: return "xros26.0"
        }
    }

    /// The platform of an `SDKROOT` or `SUPPORTED_PLATFORMS` word: `iphoneos`,
    /// `iphonesimulator`, `iphoneos18.2`, `macosx`, `appletvsimulator`, `xros`, …; nil for
    /// `auto` and what is not a platform.
    init?(sdk word: String) {
        let word = word.lowercased()
        let prefixes: [(String, ApplePlatform)] = [
            ("iphone", .iOS), ("macosx", .macOS), ("appletv", .tvOS), ("watch", .watchOS), ("xr", .visionOS),
            ("driverkit", .macOS)
        ]
        guard let found = prefixes.first(where: { word.hasPrefix($0.0) }) else { return nil }
        self = found.1
    }

    /// A Swift package's `platforms:` entry: `.iOS(.v15)` → iOS.
    init?(packageName: String) {
        switch packageName {
        case "iOS", "macCatalyst": self = .iOS
        case "macOS": self = .macOS
        case "tvOS": self = .tvOS
        case "watchOS": self = .watchOS
        case "visionOS": self = .visionOS
        default: return nil
        }
    }

    public static func < (lhs: ApplePlatform, rhs: ApplePlatform) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// `--platform`: one platform, or every one.
public enum PlatformChoice: Sendable, Equatable {
    case only(ApplePlatform)
    case all

    /// `ios`, `macos`, `tvos`, `watchos`, `visionos`, `all`.
    public init?(argument: String) {
        if argument.lowercased() == "all" {
            self = .all
        } else if let platform = ApplePlatform(rawValue: argument.lowercased()) {
            self = .only(platform)
        } else {
            return nil
        }
    }

    public static let argumentValues = ApplePlatform.allCases.map(\.rawValue) + ["all"]

    /// Whether a target building for `platforms` (nil: it does not say) is kept.
    func keeps(_ platforms: Set<ApplePlatform>?) -> Bool {
        guard case .only(let platform) = self, let platforms else { return true }
        return platforms.contains(platform)
    }
}
