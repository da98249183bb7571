import Foundation
import Testing
import TrackctlCore
import TrackctlModel
import TrackctlTestSupport

/// Issue 13 as a user meets it: `trackctl devices`, the device, app, locale and time zone of
/// every event, and `--expect` comparing events as JSON.
@Suite("Segment events")
struct SegmentEventsCommandTests {
    static func firstEvent(_ arguments: [String]) throws -> [String: Any] {
        let result = CommandRunner.inProcess(["replay", "Fixtures/scripts/demo.trackscript"] + arguments)
        #expect(result.code == 0, "\(result.err)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.out.prefix { $0 != "\n" }.utf8)) as? [String: Any])
    }

    @Test func devicesListsEveryProfileWithTheDefaultFirst() throws {
        let result = CommandRunner.inProcess(["devices"])
        #expect(result.code == 0)
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == DeviceProfile.all.count + 1)
        #expect(lines[1].hasPrefix("iphone-17 (default)"))
        #expect(lines[1].hasSuffix("402x874 @3x"))
        #expect(result.out.contains("ipad-pro-11-m4"))
        let json = CommandRunner.inProcess(["devices", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect((document["devices"] as? [Any])?.count == DeviceProfile.all.count)
        #expect(document["default"] as? String == "iphone-17")
    }

    /// `--device` takes the names the Simulator shows (`xcrun simctl list devicetypes`),
    /// case-insensitively, as well as the slugs; `devices` lists both.
    @Test(arguments: [
        ("iPhone 15", "iPhone15,4"), ("ipad pro 11-inch (m4)", "iPad16,3"),
        ("iPhone SE (3rd generation)", "iPhone14,6"), ("IPHONE-17", "iPhone18,3")
    ])
    func theDeviceCanBeNamedAsTheSimulatorNamesIt(name: String, model: String) throws {
        let event = try Self.firstEvent(["--device", name])
        #expect(((event["context"] as? [String: Any])?["device"] as? [String: Any])?["model"] as? String == model)
        #expect(CommandRunner.inProcess(["devices"]).out.contains("iPad Pro 11-inch (M4)"))
    }

    @Test func theDeviceAppLocaleAndTimeZoneAreTheOnesAskedFor() throws {
        let event = try Self.firstEvent([
            "--device", "iphone-se-3", "--app", "Shop@2.3(45)", "--locale", "fr-CA", "--timezone", "America/Toronto"
        ])
        let context = try #require(event["context"] as? [String: Any])
        #expect((context["device"] as? [String: Any])?["model"] as? String == "iPhone14,6")
        #expect((context["screen"] as? [String: Any])?["width"] as? Int == 375)
        #expect((context["screen"] as? [String: Any])?["density"] as? Int == 2)
        #expect((context["app"] as? [String: Any])?["version"] as? String == "2.3")
        #expect((context["app"] as? [String: Any])?["build"] as? String == "45")
        #expect(context["locale"] as? String == "fr-CA")
        #expect(context["timezone"] as? String == "America/Toronto")
        #expect(event["originalTimestamp"] as? String == event["timestamp"] as? String)
    }

    @Test func theSPOCsAppIsUsedUnlessAppIsGiven() throws {
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/replay/identify.trackscript", "--config", "Fixtures/replay/identify.config.json"
        ])
        #expect(
            result.out.contains(#""app":{"name":"Shop","version":"2.3","build":"45","namespace":"com.example.shop"}"#))
        let given = CommandRunner.inProcess([
            "replay", "Fixtures/replay/identify.trackscript", "--config", "Fixtures/replay/identify.config.json",
            "--app", "Shop@2.4(46)"
        ])
        #expect(given.out.contains(#""app":{"name":"Shop","version":"2.4","build":"46"}"#))
    }

    @Test(arguments: [
        (
            ["--device", "iphone-71"],
            "error: unknown device 'iphone-71'; did you mean 'iphone-15'? ('trackctl devices' lists iphone-17, "
        ),
        (["--app", "Shop 2.3"], "error: '--app' needs NAME@VERSION(BUILD), such as 'Shop@2.3(45)'; not 'Shop 2.3'"),
        (["--app", "@1(2)"], "error: '--app' needs NAME@VERSION(BUILD)"),
        (["--locale", "english"], "error: '--locale' needs a language tag such as en-US or fr-CA; not 'english'"),
        (
            ["--timezone", "Mars/Olympus"],
            "error: '--timezone' needs an IANA time zone such as UTC or Europe/Paris; not 'Mars/Olympus'"
        )
    ])
    func aBadEnvironmentFlagIsAUsageError(arguments: [String], message: String) {
        let result = CommandRunner.inProcess(["replay", "Fixtures/scripts/demo.trackscript"] + arguments)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(message), "\(result.err)")
    }

    /// The golden has every key in reverse order, `, ` and `: ` spacing and a blank first line:
    /// as JSON it is the same events.
    @Test func expectComparesEventsAsJSONNotBytes() throws {
        let same = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--seed", "9", "--expect",
            "Fixtures/expect/demo-reordered.jsonl", "--sink", "null"
        ])
        #expect(same.code == 0, "\(same.err)")
        let other = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--seed", "9", "--expect",
            "Fixtures/expect/demo-reordered.jsonl",
            "--sink", "null", "--app", "Shop@2.3(45)"
        ])
        #expect(other.code == 1)
        #expect(
            other.err
                == "Fixtures/expect/demo-reordered.jsonl: line 2: context.app.namespace: \"com.example.demo\" "
                + "expected, missing\n"
        )
        let ignored = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--seed", "9", "--expect",
            "Fixtures/expect/demo-reordered.jsonl",
            "--sink", "null", "--app", "Demo@1.0(1)", "--expect-ignore", "context.app.namespace"
        ])
        #expect(ignored.code == 0, "\(ignored.err)")
    }

    /// A golden file that is not JSON lines is bad input: exit 2 as `diff` gives, located as
    /// every input is (review D4, D5).
    @Test func aGoldenLineThatIsNotJSONIsSaidSo() throws {
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--expect", "Fixtures/expect/not-json.jsonl", "--sink",
            "null"
        ])
        #expect(result.code == 2)
        #expect(
            result.err
                == "Fixtures/expect/not-json.jsonl:1:38: error: the expected line is not JSON: unexpected end of "
                + "file: the object opened at 1:1 is not closed\n"
        )
    }
}
