import Foundation
import Testing
import TrackctlPlan
import TrackctlTestSupport

/// The plan file (SPEC §14): every broken plan under Fixtures/plan/invalid gives its findings,
/// each at its line and column (goldens beside them, `.expected`), and exit 2 in `plan check`;
/// recorded calls give exactly the planted findings.
@Suite("Tracking plan file")
struct PlanFileTests {
    static let brokenPlans = RepositoryPaths.files(in: "Fixtures/plan/invalid", extensions: ["json"])

    @Test(arguments: brokenPlans)
    func aBrokenPlanIsLocated(_ name: String) throws {
        let path = "Fixtures/plan/invalid/" + name
        let run = CommandRunner.inProcess(["plan", "check", path])
        #expect(run.code == 2)
        if let problem = Golden.mismatch(
            run.err, golden: "Fixtures/plan/invalid/" + name.replacingOccurrences(of: ".json", with: ".expected"))
        {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func theDemoPlanIsValidAndTheDemoSatisfiesIt() throws {
        let alone = CommandRunner.inProcess(["plan", "check", "Config/tracking-plan.json"])
        #expect(alone.code == 0)
        #expect(alone.err == "Config/tracking-plan.json: the plan is valid: 0 errors, 0 warnings\n")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-demo-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(
            CommandRunner.inProcess(["replay", "Fixtures/scripts/demo.trackscript", "--sink", "file:" + file.path]).code
                == 0)
        let checked = CommandRunner.inProcess(["plan", "check", "Config/tracking-plan.json", file.path])
        #expect(checked.code == 0)
        #expect(checked.err == "Config/tracking-plan.json: 16 calls checked: 0 errors, 0 warnings\n")
    }

    @Test func recordedCallsGiveThePlantedFindings() {
        let run = CommandRunner.inProcess([
            "plan", "check", "Config/tracking-plan.json", "Fixtures/plan/calls/planted.jsonl"
        ])
        #expect(run.code == 1)
        if let problem = Golden.mismatch(run.err, golden: "Fixtures/plan/calls/planted.expected") {
            Issue.record(Comment(rawValue: problem))
        }
        let json = CommandRunner.inProcess([
            "plan", "check", "Config/tracking-plan.json", "Fixtures/plan/calls/planted.jsonl", "--format", "json"
        ])
        if let problem = Golden.mismatch(json.out, golden: "Fixtures/plan/calls/planted.json") {
            Issue.record(Comment(rawValue: problem))
        }
    }

    /// `--format github` makes each finding an annotation on its line; `--strict` raises warnings.
    @Test func githubAnnotationsAndStrictness() {
        let github = CommandRunner.inProcess([
            "plan", "check", "Config/tracking-plan.json", "Fixtures/plan/calls/planted.jsonl", "--format", "github"
        ])
        #expect(github.code == 1)
        #expect(
            github.err.hasPrefix(
                "::error file=Fixtures/plan/calls/planted.jsonl,line=2,col=1,title=trackctl "
                    + "value-not-allowed::'Shared' property 'service' is \"myspace\""
            ))
        let plan = #"{"format":"trackctl-plan/1","events":{"Shared":{}}}"#
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-lenient-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try? plan.write(to: file, atomically: true, encoding: .utf8)
        let lenient = CommandRunner.inProcess(["plan", "check", file.path, "Fixtures/plan/calls/planted.jsonl"])
        #expect(lenient.code == 0)
        let strict = CommandRunner.inProcess([
            "plan", "check", file.path, "Fixtures/plan/calls/planted.jsonl", "--strict"
        ])
        #expect(strict.code == 1)
    }

    @Test func aLineThatIsNotJSONStopsTheCheck() {
        let run = CommandRunner.inProcess([
            "plan", "check", "Config/tracking-plan.json", "Fixtures/plan/calls/not-json.jsonl"
        ])
        #expect(run.code == 2)
        #expect(
            run.err.hasSuffix(
                "Fixtures/plan/calls/not-json.jsonl:2:34: error: the line is not JSON: unexpected end of file: "
                    + "expected a quoted key\n"
            ))
    }

    /// Checking a recording in several runs gives what one run gives, in line order, line
    /// numbers included; a line that is not JSON stops at the first such line of the file.
    @Test func runsInParallelGiveTheSequentialResult() throws {
        let plan = try #require(try TrackingPlan.load(path: RepositoryPaths.path("Config/tracking-plan.json")).plan)
        let planted = try String(
            contentsOfFile: RepositoryPaths.path("Fixtures/plan/calls/planted.jsonl"), encoding: .utf8)
        let data = Data(String(repeating: planted + "\n", count: 40).utf8)
        let one = RecordedCallsCheck.check(plan, data: data, file: "f", runs: 1)
        let three = RecordedCallsCheck.check(plan, data: data, file: "f", runs: 3)
        #expect(one.calls == 480 && three.calls == 480)
        #expect(one.findings.count == 400)
        #expect(one.findings == three.findings)
        #expect(three.findings.last?.position?.line == 13 * 39 + 10)
        let broken = Data((String(repeating: planted + "\n", count: 20) + "{\"type\":\n" + planted + "{oops}\n").utf8)
        let failed = RecordedCallsCheck.check(plan, data: broken, file: "f", runs: 3)
        #expect(failed.failure?.position?.line == 13 * 20 + 1)
        #expect(failed.findings.count == 200)
        // In chunks, as a progress line asks (a chunk of 1 KB here, 32 MB in use): the same.
        var reports: [Int] = []
        let chunked = RecordedCallsCheck.check(plan, data: data, file: "f", chunk: 1000) { checked, total, _ in
            #expect(total == data.count)
            reports.append(checked)
        }
        #expect(chunked.findings == one.findings && chunked.calls == 480)
        #expect(reports.count > 10 && reports.last == data.count && reports == reports.sorted())
        let chunkedFailure = RecordedCallsCheck.check(plan, data: broken, file: "f", chunk: 1000) { _, _, _ in }
        #expect(chunkedFailure.failure?.position?.line == 13 * 20 + 1 && chunkedFailure.findings.count == 200)
    }

    /// `plan infer` drafts a plan from recorded calls (golden beside them) that the same calls
    /// satisfy, marked inferred.
    @Test func anInferredPlanFitsTheCallsItCameFrom() throws {
        let inferred = CommandRunner.inProcess(["plan", "infer", "Fixtures/plan/calls/recorded.jsonl"])
        #expect(inferred.code == 0)
        if let problem = Golden.mismatch(inferred.out, golden: "Fixtures/plan/calls/recorded.inferred.json") {
            Issue.record(Comment(rawValue: problem))
        }
        let check = CommandRunner.inProcess([
            "plan", "check", "Fixtures/plan/calls/recorded.inferred.json", "Fixtures/plan/calls/recorded.jsonl"
        ])
        #expect(check.code == 0)
        #expect(check.err == "Fixtures/plan/calls/recorded.inferred.json: 22 calls checked: 0 errors, 0 warnings\n")
        let broken = CommandRunner.inProcess(["plan", "infer", "Fixtures/plan/calls/not-json.jsonl"])
        #expect(broken.code == 2)
        #expect(broken.err.hasPrefix("Fixtures/plan/calls/not-json.jsonl:2:34: error: the line is not JSON"))
    }

    /// Segment Protocols' rules (the Public API's shape, draft-04 and -07 spellings, definitions,
    /// versions, PAGE, IDENTIFY, GROUP and COMMON rules) import to the golden plan; exporting and
    /// importing again gives the same plan; the demo's plan exported and imported checks the
    /// planted calls alike (only `unplanned`, which Segment's rules cannot say, is lost).
    @Test func segmentRulesImportAndRoundTrip() throws {
        let imported = CommandRunner.inProcess([
            "plan", "import", "--from", "segment", "Fixtures/plan/segment/rules.json"
        ])
        #expect(imported.code == 0)
        if let problem = Golden.mismatch(imported.out, golden: "Fixtures/plan/segment/rules.imported.json") {
            Issue.record(Comment(rawValue: problem))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-segment-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let exported = folder.appendingPathComponent("rules.json").path,
            again = folder.appendingPathComponent("again.json").path
        #expect(
            CommandRunner.inProcess([
                "plan", "export", "--to", "segment", "Fixtures/plan/segment/rules.imported.json", "--output", exported
            ]).code == 0)
        let reimported = CommandRunner.inProcess(["plan", "import", "--from", "segment", exported])
        #expect(reimported.out == imported.out)

        let demo = CommandRunner.inProcess(["plan", "export", "--to", "segment", "Config/tracking-plan.json"])
        if let problem = Golden.mismatch(demo.out, golden: "Fixtures/plan/segment/demo.rules.json") {
            Issue.record(Comment(rawValue: problem))
        }
        #expect(
            CommandRunner.inProcess([
                "plan", "import", "--from", "segment", "Fixtures/plan/segment/demo.rules.json", "--output", again
            ]).code == 0)
        let original = CommandRunner.inProcess([
            "plan", "check", "Config/tracking-plan.json", "Fixtures/plan/calls/planted.jsonl"
        ])
        let roundTripped = CommandRunner.inProcess(["plan", "check", again, "Fixtures/plan/calls/planted.jsonl"])
        func comparable(_ text: String, _ plan: String) -> [String] {
            text.replacingOccurrences(of: plan, with: "PLAN").replacingOccurrences(of: ": warning: ", with: ": error: ")
                .split(separator: "\n").dropLast().map(
                    String.init)
        }
        #expect(comparable(roundTripped.err, again) == comparable(original.err, "Config/tracking-plan.json"))
    }

    /// JSON Schema folders (one whole-call schema per entry version, traits and the common schema
    /// apart) and Iglu registries (draft-04, `M-R-A` versions, one vendor kept) import, export
    /// and import again to the same plan.
    @Test func schemaFoldersImportExportAndRoundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-folders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemas = folder.appendingPathComponent("schemas").path, iglu = folder.appendingPathComponent("iglu").path
        let plan = folder.appendingPathComponent("plan.json").path
        #expect(
            CommandRunner.inProcess([
                "plan", "export", "--to", "jsonschema", "Config/tracking-plan.json", "--output", schemas
            ]).code == 0)
        #expect(FileManager.default.fileExists(atPath: schemas + "/events/Shared.json"))
        #expect(FileManager.default.fileExists(atPath: schemas + "/identify.json"))
        #expect(
            CommandRunner.inProcess(["plan", "import", "--from", "jsonschema", schemas, "--output", plan]).code == 0)
        let original = CommandRunner.inProcess([
            "plan", "check", "Config/tracking-plan.json", "Fixtures/plan/calls/planted.jsonl"
        ])
        let roundTripped = CommandRunner.inProcess(["plan", "check", plan, "Fixtures/plan/calls/planted.jsonl"])
        func rules(_ text: String) -> [String] {
            text.split(separator: "\n").dropLast().map { String($0.split(separator: "[").last ?? "") }
        }
        #expect(rules(roundTripped.err) == rules(original.err))

        let imported = CommandRunner.inProcess([
            "plan", "import", "--from", "iglu", "Fixtures/plan/iglu", "--vendor", "com.acme"
        ])
        #expect(imported.code == 0)
        if let problem = Golden.mismatch(imported.out, golden: "Fixtures/plan/iglu.imported.json") {
            Issue.record(Comment(rawValue: problem))
        }
        #expect(
            CommandRunner.inProcess([
                "plan", "export", "--to", "iglu", "--vendor", "com.acme", "Fixtures/plan/iglu.imported.json",
                "--output", iglu
            ]).code == 0)
        #expect(FileManager.default.fileExists(atPath: iglu + "/com.acme/checkout_started/jsonschema/1-0-1"))
        #expect(CommandRunner.inProcess(["plan", "import", "--from", "iglu", iglu]).out == imported.out)
        let everyone = CommandRunner.inProcess(["plan", "import", "--from", "iglu", "Fixtures/plan/iglu"])
        #expect(everyone.out.contains("\"page_ping\""))
        let usage = CommandRunner.inProcess([
            "plan", "export", "--to", "iglu", "Config/tracking-plan.json", "--output", iglu
        ])
        #expect(usage.code == 2)
        #expect(usage.err.hasPrefix("error: '--to iglu' needs --vendor VENDOR"))
    }

    /// Typewriter's plan.json, V1 and V2 (the shapes of segmentio/typewriter's
    /// src/__tests__/__data__/plan-v1.json and plan.json): the same event either way; its
    /// nested `id`s dropped but a property named `id` (or `labels`) kept.
    @Test func typewriterPlansImport() throws {
        for version in ["v1", "v2"] {
            let run = CommandRunner.inProcess([
                "plan", "import", "--from", "typewriter", "Fixtures/plan/typewriter/plan-\(version).json"
            ])
            #expect(run.code == 0)
            if let problem = Golden.mismatch(run.out, golden: "Fixtures/plan/typewriter/plan-\(version).imported.json")
            {
                Issue.record(Comment(rawValue: problem))
            }
            let plan = try #require(TrackingPlan.load(bytes: Array(run.out.utf8), file: "p").plan)
            var reader = JSONValueReader(
                bytes: Array(#"{"type":"track","event":"Product Added","properties":{"labels":["a"],"price":-1}}"#.utf8)
            )
            let rules = plan.check(try reader.read(), from: .init(file: "c")).map { "\($0.rule.rawValue) \($0.path)" }
            #expect(rules == ["required-missing properties.id", "out-of-range properties.price"])
        }
    }

    /// Avo's JSON Schema export (the Export API's shape): a system property checked by the common
    /// schema and still allowed on the event, user properties as identify traits, and `null`
    /// added to an enum whose type allows it.
    @Test func avoExportsImport() throws {
        let run = CommandRunner.inProcess(["plan", "import", "--from", "avo", "Fixtures/plan/avo/export.json"])
        #expect(run.code == 0)
        if let problem = Golden.mismatch(run.out, golden: "Fixtures/plan/avo/export.imported.json") {
            Issue.record(Comment(rawValue: problem))
        }
        let plan = try #require(TrackingPlan.load(bytes: Array(run.out.utf8), file: "p").plan)
        func rules(_ call: String) throws -> [String] {
            var reader = JSONValueReader(bytes: Array(call.utf8))
            return plan.check(try reader.read(), from: .init(file: "c")).map { "\($0.rule.rawValue) \($0.path)" }
        }
        #expect(
            try rules(
                #"{"type":"track","event":"Checkout "#
                    + #"Started","properties":{"total":3,"payment":null,"app_version":"1.2"}}"#
            ).isEmpty)
        #expect(
            try rules(
                #"{"type":"track","event":"Checkout "#
                    + #"Started","properties":{"total":3,"payment":"cash","app_version":"1.2"}}"#
            ) == [
                "value-not-allowed properties.payment"
            ])
        #expect(
            try rules(#"{"type":"identify","userId":"u","traits":{"plan":"gold"}}"#).contains(
                "value-not-allowed traits.plan"))
    }

    @Test func whatIsNotAPlanToImportSaysSo() {
        let wrong = CommandRunner.inProcess(["plan", "import", "--from", "segment", "Config/tracking-plan.json"])
        #expect(wrong.code == 2)
        #expect(
            wrong.err
                == "Config/tracking-plan.json: error: not Segment's rules: expected {\"data\":{\"rules\":[…]}} or "
                + "{\"rules\":[…]}\n"
        )
        let format = CommandRunner.inProcess(["plan", "import", "--from", "amplitude", "x.json"])
        #expect(format.code == 2)
        #expect(
            format.err.hasPrefix(
                "error: unknown plan format 'amplitude'; use one of segment, typewriter, avo, jsonschema, iglu"))
        let missing = CommandRunner.inProcess(["plan", "import", "Fixtures/plan/segment/rules.json"])
        #expect(
            missing.err.hasPrefix(
                "error: 'plan import' needs --from FORMAT (segment, typewriter, avo, jsonschema, iglu)"))
    }

    /// Versions: `context.protocols.event_version` picks one, the oldest when absent.
    @Test func versionsArePickedByTheCall() throws {
        let plan =
            #"{"format":"trackctl-plan/1","events":{"Paid":{"versions":{"2":{"properties":{"amount":{},"#
            + #""currency":{}},"required":["amount","currency"]},"1":{"properties":{"amount":{}},"#
            + #""required":["amount"]}}}}}"#
        let loaded = TrackingPlan.load(bytes: Array(plan.utf8), file: "plan.json")
        let checker = try #require(loaded.plan)
        func check(_ call: String) throws -> [String] {
            var reader = JSONValueReader(bytes: Array(call.utf8))
            return checker.check(try reader.read(), from: .init(file: "calls")).map {
                "\($0.rule.rawValue) \($0.version ?? "-")"
            }
        }
        #expect(try check(#"{"type":"track","event":"Paid","properties":{"amount":1}}"#).isEmpty)
        #expect(
            try check(
                #"{"type":"track","event":"Paid","properties":{"amount":1},"#
                    + #""context":{"protocols":{"event_version":2}}}"#
            ) == ["required-missing 2"])
        #expect(
            try check(#"{"type":"track","event":"Paid","context":{"protocols":{"event_version":"3"}}}"#) == [
                "unplanned-event -"
            ])
    }

    /// A plan name with `{…}` matches what a templated label renders; exact names win.
    @Test func templatedNamesMatchRenderedLabels() throws {
        let plan =
            #"{"format":"trackctl-plan/1","unplanned":{"events":"error"},"events":{"Viewed "#
            + #"{screen}":{"required":["from"]},"Viewed Feed":{}}}"#
        let checker = try #require(TrackingPlan.load(bytes: Array(plan.utf8), file: "plan.json").plan)
        func rules(_ name: String) throws -> [String] {
            var reader = JSONValueReader(bytes: Array(#"{"type":"track","event":"\#(name)"}"#.utf8))
            return checker.check(try reader.read(), from: .init(file: "calls")).map(\.rule.rawValue)
        }
        #expect(try rules("Viewed Profile") == ["required-missing"])
        #expect(try rules("Viewed Feed").isEmpty)
        #expect(try rules("Viewed ") == ["unplanned-event"])
    }
}
