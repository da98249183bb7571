import Foundation
import Testing
import TrackctlCore
import TrackctlTestSupport

/// `validate --plan` (SPEC §14), statically: the planted faults of Fixtures/plan/static (its
/// plan beside its SPOC, found by default) and nothing else, in text and JSON; `--require-all`
/// makes an unimplemented event an error; `--strict` every warning.
@Suite("Tracking plan in validate")
struct PlanValidateTests {
    static let spoc = "Fixtures/plan/static/analytics.json"

    @Test func thePlantedFaultsAndNothingElse() {
        let run = CommandRunner.inProcess(["validate", Self.spoc, "--catalog", "Config/catalog.json"])
        #expect(run.code == 1)
        if let problem = Golden.mismatch(run.err, golden: "Fixtures/plan/static/validate.expected") {
            Issue.record(Comment(rawValue: problem))
        }
        let json = CommandRunner.inProcess([
            "validate", Self.spoc, "--catalog", "Config/catalog.json", "--format", "json"
        ])
        if let problem = Golden.mismatch(json.out, golden: "Fixtures/plan/static/validate.json") {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func requireAllAndStrictRaiseTheWarnings() {
        let all = CommandRunner.inProcess(["validate", Self.spoc, "--catalog", "Config/catalog.json", "--require-all"])
        #expect(
            all.err.contains(
                "tracking-plan.json:11:5: error: the tracking plan's event 'Order Completed' is produced by no entry"))
        #expect(all.err.hasSuffix("joined with the SPOC's 8 entries: 6 errors, 2 warnings\n"))
        let strict = CommandRunner.inProcess(["validate", Self.spoc, "--catalog", "Config/catalog.json", "--strict"])
        #expect(strict.err.hasSuffix("joined with the SPOC's 8 entries: 8 errors, 0 warnings\n"))
    }

    @Test func theDemoSPOCAndItsPlanAgree() {
        let run = CommandRunner.inProcess(["validate"])
        #expect(run.code == 0)
        #expect(
            run.err.hasSuffix("Config/tracking-plan.json: joined with the SPOC's 19 entries: 0 errors, 0 warnings\n"))
    }

    /// `--config` names the SPOC in validate as in replay (review 2026-11-27 newcomer #5); given
    /// twice, differently, it is a usage error.
    @Test func validateTakesTheSPOCByConfigToo() {
        let run = CommandRunner.inProcess(["validate", "--config", "Config/analytics.plist"])
        #expect(run.code == 0)
        #expect(run.err.hasPrefix("Config/analytics.plist: 8 screens"))
        let twice = CommandRunner.inProcess(["validate", Self.spoc, "--config", "Config/analytics.plist"])
        #expect(twice.code == 2)
        #expect(twice.err.hasPrefix("error: the SPOC is given twice"))
    }

    /// A `--sink file:` that names a folder gets its error and nothing else (review 2026-11-27
    /// newcomer #11: no note about appending to what a folder holds).
    @Test func aFolderSinkIsOnlyAnError() throws {
        let run = CommandRunner.inProcess(["replay", "Fixtures/scripts/demo.trackscript", "--sink", "file:Fixtures"])
        #expect(run.code == 2)
        #expect(!run.err.contains("appends to what the file holds"))
    }

    @Test func aBrokenPlanIsBadInput() {
        let run = CommandRunner.inProcess(["validate", "--plan", "Fixtures/plan/invalid/not-json.json"])
        #expect(run.code == 2)
        #expect(run.err.contains("Fixtures/plan/invalid/not-json.json:1:51: error: the plan is not JSON"))
    }
}

/// `replay --plan` and `simulate --plan` (SPEC §14): every emitted event is checked, each
/// finding at the script line and the SPOC entry, stdout unchanged, exit 1 on errors; a plan
/// with its own errors refuses the run (exit 2); `tracking-plan.json` beside the SPOC is used
/// when no `--plan` is given. The built binary: the events go to its stdout.
@Suite("Tracking plan in replay and simulate")
struct PlanRunTests {
    static let script = "Fixtures/plan/replay/planted.trackscript"

    @Test func replayReportsEachRefusedEventAtItsStepAndEntry() throws {
        let run = CommandRunner.inProcess(["replay", Self.script, "--plan", "Config/tracking-plan.json"])
        #expect(run.code == 1)
        #expect(
            run.err == """
                Fixtures/plan/replay/planted.trackscript:3: error: 'Login error with Facebook' property 'reason' is \
                integer 404, the plan wants string [type-mismatch] (Config/analytics.plist:87 trackedEvents[2])
                Fixtures/plan/replay/planted.trackscript:6: error: 'Shared' property 'service' is "myspace", not one \
                of "twitter", "facebook", "mail", "messages" [value-not-allowed] (Config/analytics.plist:147 \
                trackedEvents[7])
                Config/tracking-plan.json: 2 event errors (above); the events were emitted as they were

                """)
        // The events are those of a run whose plan accepts everything.
        let permissive = CommandRunner.inProcess(["replay", Self.script, "--plan", "Fixtures/plan/permissive.json"])
        #expect(permissive.code == 0)
        #expect(permissive.err.isEmpty)
        #expect(run.out == permissive.out)
        #expect(run.out.split(separator: "\n").count == 9)
    }

    @Test func thePlanBesideTheSPOCIsFoundByDefault() throws {
        let run = CommandRunner.inProcess(["replay", Self.script])
        #expect(run.code == 1)
        #expect(
            run.err.hasSuffix(
                "Config/tracking-plan.json: 2 event errors (above); the events were emitted as they were\n"))
    }

    @Test func aBrokenPlanRefusesTheRun() throws {
        let run = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--plan", "Fixtures/plan/invalid/wrong-format.json"
        ])
        #expect(run.code == 2)
        #expect(run.out.isEmpty)
        #expect(
            run.err == """
                Fixtures/plan/invalid/wrong-format.json:2:3: error: the format "segment-rules/1" is not one trackctl \
                reads; write "trackctl-plan/1" (format) [invalid-plan]
                replay refused: the tracking plan has 1 error; fix them first (trackctl plan check)

                """)
        let missing = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--plan", "Fixtures/plan/no-such-plan.json"
        ])
        #expect(missing.code == 2)
    }

    /// A simulation says each distinct finding once, however many users meet it.
    @Test func simulateSaysEachFindingOnce() throws {
        let run = CommandRunner.inProcess(["simulate", Self.script, "--users", "40", "--sink", "null"])
        #expect(run.code == 1)
        #expect(run.err.components(separatedBy: "[type-mismatch]").count == 2)
        #expect(
            run.err.hasSuffix(
                "Config/tracking-plan.json: 2 distinct event errors (above); the events were emitted as they were\n"))
    }

    /// `simulate --summary` counts every finding by rule and event; shards' summaries add up.
    @Test func theSummaryCountsFindingsByRuleAndEvent() throws {
        let text = CommandRunner.inProcess(["simulate", Self.script, "--users", "40", "--sink", "null", "--summary"])
        #expect(
            text.err.hasSuffix(
                """
                  tracking plan: 80 findings:
                    type-mismatch: Login error with Facebook 40
                    value-not-allowed: Shared 40

                """))
        let json = CommandRunner.inProcess([
            "simulate", Self.script, "--users", "40", "--sink", "null", "--summary", "json"
        ])
        let last = try #require(json.err.split(separator: "\n").last)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(
            summary["planFindings"] as? [String: [String: Int]] == [
                "type-mismatch": ["Login error with Facebook": 40], "value-not-allowed": ["Shared": 40]
            ])
        let parsed = try SimulationSummary(json: String(last), file: "summary")
        #expect((parsed + parsed).planFindings?["type-mismatch"]?["Login error with Facebook"] == 80)
    }
}
