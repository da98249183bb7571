import Foundation
import TrackctlCore
import TrackctlModel

/// `--device`: a built-in profile, by slug or by the name the Simulator shows.
struct DeviceName: ArgumentValue {
    var profile: DeviceProfile

    init(argument text: String, for name: String) throws(UsageError) {
        guard let profile = DeviceProfile.named(text) else {
            let names = DeviceProfile.all.map(\.name)
            let suggestion = Spelling.didYouMean(text, among: names + DeviceProfile.all.map(\.marketingName))
            throw UsageError(
                message: "unknown device '\(Spelling.quote(text))'" + suggestion
                    + " ('trackctl devices' lists \(names.joined(separator: ", ")), or their Simulator names)")
        }
        self.profile = profile
    }
}

extension AppProfile: ArgumentValue {
    init(argument text: String, for name: String) throws(UsageError) {
        guard let app = AppProfile(parsing: text) else {
            throw UsageError(
                message: "'\(name)' needs NAME@VERSION(BUILD), such as 'Shop@2.3(45)'; not '\(Spelling.quote(text))'")
        }
        self = app
    }
}

/// `--locale`: a BCP 47 language tag such as `en-US` or `zh-Hant-TW`.
struct LocaleTag: ArgumentValue {
    var text: String

    init(argument text: String, for name: String) throws(UsageError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let wellFormed =
            (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
            && parts.dropFirst().allSatisfy {
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
        guard wellFormed else {
            throw UsageError(
                message: "'\(name)' needs a language tag such as en-US or fr-CA; not '\(Spelling.quote(text))'")
        }
        self.text = text
    }
}

/// `--timezone`: an IANA time zone name the system knows (`Europe/Paris`, `UTC`).
struct TimeZoneName: ArgumentValue {
    var text: String

    init(argument text: String, for name: String) throws(UsageError) {
        guard TimeZone(identifier: text) != nil, !text.isEmpty else {
            throw UsageError(
                message: "'\(name)' needs an IANA time zone such as UTC or Europe/Paris; not '\(Spelling.quote(text))'")
        }
        self.text = text
    }
}

/// `--device NAME[:WEIGHT]`: a device by slug or Simulator name, and its relative weight.
struct WeightedDeviceName: ArgumentValue {
    var weighted: Population.WeightedDevice

    init(argument text: String, for name: String) throws(UsageError) {
        let (deviceName, weight) = try Weighting.split(text, for: name, example: "iphone-15:3")
        weighted = Population.WeightedDevice(try DeviceName(argument: deviceName, for: name).profile, weight: weight)
    }
}

/// `simulate --timezone NAME[:WEIGHT]`: an IANA time zone and its relative weight.
struct WeightedTimeZone: ArgumentValue {
    var weighted: Population.WeightedName

    init(argument text: String, for name: String) throws(UsageError) {
        let (zone, weight) = try Weighting.split(text, for: name, example: "Europe/Paris:2")
        weighted = Population.WeightedName(try TimeZoneName(argument: zone, for: name).text, weight: weight)
    }
}

/// `simulate --locale TAG[:WEIGHT]`: a BCP 47 tag and its relative weight.
struct WeightedLocale: ArgumentValue {
    var weighted: Population.WeightedName

    init(argument text: String, for name: String) throws(UsageError) {
        let (tag, weight) = try Weighting.split(text, for: name, example: "fr-FR:2")
        weighted = Population.WeightedName(try LocaleTag(argument: tag, for: name).text, weight: weight)
    }
}

/// `NAME:WEIGHT`, as `--device`, `--timezone` and `--locale` of `simulate` take it: the name,
/// and a positive weight (1 when none is written).
enum Weighting {
    static func split(_ text: String, for name: String, example: String) throws(UsageError) -> (
        name: String, weight: Double
    ) {
        guard let colon = text.lastIndex(of: ":") else { return (text, 1) }
        let written = String(text[text.index(after: colon)...])
        guard let value = Double(written), value.isFinite, value > 0,
            written.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
        else {
            throw UsageError(
                message:
                    "'\(name)' needs NAME or NAME:WEIGHT with a positive weight, such as \(example); not "
                    + "'\(Spelling.quote(text))'"
            )
        }
        return (String(text[..<colon]), value)
    }
}
