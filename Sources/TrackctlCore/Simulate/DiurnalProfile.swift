import Foundation
import TrackctlModel

/// How arrivals spread over the 24 hours of a user's local day (`simulate --arrivals
/// diurnal[:PROFILE]`, SPEC §12): 24 non-negative weights, hour 00 first. The built-in one has
/// the morning and evening peaks of a consumer app; a file gives another.
public struct DiurnalProfile: Sendable, Equatable {
    /// The weights, one per local hour; at least one is positive.
    public let weights: [Double]

    public init?(weights: [Double]) {
        guard weights.count == 24, weights.allSatisfy({ $0.isFinite && $0 >= 0 }), weights.contains(where: { $0 > 0 })
        else { return nil }
        self.init(checked: weights)
    }

    /// `weights` as `init?(weights:)` accepts them.
    private init(checked weights: [Double]) {
        self.weights = weights
    }

    /// A consumer app's day: quiet at night, a morning peak at 08:00–09:00, a lunch bump, the
    /// evening peak at 20:00 (shares in percent of a day's arrivals; they total 100).
    public static let standard = DiurnalProfile(checked: [
        1.6, 0.9, 0.6, 0.4, 0.4, 0.7, 1.8, 3.8, 5.4, 5.2, 4.8, 4.9,
        5.6, 5.2, 4.7, 4.6, 4.9, 5.6, 6.5, 7.4, 7.9, 7.2, 5.0, 2.9
    ])

    /// A profile file: 24 weights, one per line, hour 00 first; blank lines and `#` comments
    /// are allowed. Errors name the line.
    public static func parse(_ text: String, file: String) throws(DocumentError) -> DiurnalProfile {
        var weights: [Double] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content =
                raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = content.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let weight = Double(trimmed), weight.isFinite, weight >= 0,
                trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
            else {
                throw DocumentError(
                    file: file,
                    message:
                        "'\(UserText.quoted(trimmed))' is not a weight: write a number ≥ 0 (one per hour, hour 00 "
                        + "first)",
                    position: SourcePosition(line: index + 1, column: 1))
            }
            guard weights.count < 24 else {
                throw DocumentError(
                    file: file, message: "a 25th weight: a profile has one weight per hour, 24 in all",
                    position: SourcePosition(line: index + 1, column: 1))
            }
            weights.append(weight)
        }
        guard weights.count == 24 else {
            throw DocumentError(
                file: file, message: "\(weights.count) weights; a profile has one per hour, 24 in all, hour 00 first")
        }
        guard let profile = DiurnalProfile(weights: weights) else {
            throw DocumentError(file: file, message: "every weight is 0: no user would ever arrive")
        }
        return profile
    }
}
