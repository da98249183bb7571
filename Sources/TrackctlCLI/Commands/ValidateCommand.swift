import Foundation
import TrackctlCore
import TrackctlModel
import TrackctlPlan
import TrackctlSourceScan

/// `trackctl validate [CONFIG] [--catalog FILE]... [--source PATH...] [--format text|json|github] [--strict]`
enum ValidateCommand: Command {
    struct Options: ParsableOptions {
        var config: String?
        var configOption: String?
        var inputs = CatalogInputs()
        var format: OutputFormat = .text
        var strict = false
        var plan: String?
        var requireAll = false
        var stamp: String?
        var settings: String?

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positional(
                    "CONFIG", \.config,
                    help: "SPOC file: JSON, XML or binary plist; '-' reads stdin (default: \(Defaults.config))")
            ]
                + CatalogInputs.declarations(\.inputs)
                + [
                    .option(
                        "--format", \.format, valueName: "FORMAT",
                        help:
                            "text (default, stderr), json (stdout), github (Actions annotations) or xcode (stdout, "
                            + "issue lines for a build)"
                    ),
                    .flag("--strict", \.strict, help: "Treat warnings as errors"),
                    .option(
                        "--settings", \.settings, valueName: "FILE",
                        help:
                            "Read config, catalog, plan, source, module and strict from a trackctl.json (the build "
                            + "plugins' file); the command line adds to it and wins"
                    ),
                    .option(
                        "--stamp", \.stamp, valueName: "FILE",
                        help: "Write FILE (once) when the run passes, remove it when it fails: a build step's output"),
                    .option(
                        "--plan", \.plan, valueName: "FILE",
                        help:
                            "Tracking plan to join with the SPOC (default: tracking-plan.json beside the SPOC, when "
                            + "there is one)"
                    ),
                    .flag(
                        "--require-all", \.requireAll,
                        help: "An event or screen of the plan that no SPOC entry produces is an error, not a warning"),
                    // What replay, simulate and collect call it: accepted here too.
                    .option(
                        "--config", \.configOption, valueName: "FILE",
                        help: "The SPOC, as replay and simulate name it (the same as CONFIG)")
                ]
        }

        mutating func validate() throws(UsageError) {
            if let configOption {
                if let config, config != configOption {
                    throw UsageError(
                        message: "the SPOC is given twice ('\(config)' and --config '\(configOption)'); give it once")
                }
                config = configOption
            }
            try inputs.validate()
            if stamp == "-" {
                throw UsageError(message: "'--stamp' names a file the build system checks, not stdout ('-')")
            }
            // trackctl.json names the SPOC.
            if settings == nil {
                try Defaults.checkConfig(
                    config, howToName: "trackctl validate PATH/TO/SPOC (JSON, XML or binary plist)")
            }
            try StandardInput.checkUsedOnce(
                [config ?? Defaults.config] + inputs.catalogs + inputs.sourceLists + (plan.map { [$0] } ?? []))
        }

        /// `--plan`, else `tracking-plan.json` beside the SPOC when it exists (SPEC §14).
        var planFile: String? {
            plan ?? TrackingPlan.conventionalFile(besideSPOC: config ?? Defaults.config)
        }
    }

    static let name = "validate"
    static let abstract = "Check every class and selector of a SPOC file against the catalog."
    /// Each rule, its default severity and what it checks: one line each.
    private static let ruleTable = RuleID.allCases.map {
        "  " + HelpLayout.cell($0.rawValue, width: 24) + HelpLayout.cell($0.defaultSeverity.rawValue, width: 9)
            + $0.summary
    }.joined(separator: "\n")
    static let discussion = """
        EXIT CODES: 0 no errors, 1 findings, 2 usage error or unreadable/malformed file (a tracking plan with \
        invalid-plan or unsupported-keyword findings too).

        TRACKING PLAN: with --plan (or tracking-plan.json beside the SPOC) every label is joined to the plan: \
        \(PlanRule.allCases.map(\.rawValue).joined(separator: ", ")) (docs/tracking-plan.md).

        RULES:
        \(ruleTable)
        """

    static func run(_ given: Options, terminal: Terminal) -> ExitCode {
        let options: Options
        do { options = try given.readingSettings() } catch {
            report(unreadable: error, format: given.format, terminal: terminal)
            if let path = given.stamp {
                return BuildStamp(path: path).settle(after: .usage, fingerprint: nil, terminal: terminal)
            }
            return .usage
        }
        guard let path = options.stamp else { return check(options, terminal: terminal) }
        let stamp = BuildStamp(path: path)
        // Taken before the run: a file changed while it reads leaves a fingerprint that no longer matches.
        let fingerprint = Self.fingerprint(options)
        if let fingerprint, stamp.records(fingerprint) { return .success }
        return stamp.settle(
            after: check(options, terminal: terminal), fingerprint: fingerprint, terminal: terminal)
    }

    /// What `--stamp` records of a run: its options and every file it reads; nil when standard
    /// input is one of them, or the files cannot be listed (the run then says why).
    private static func fingerprint(_ options: Options) -> String? {
        let config = options.config ?? Defaults.config
        let inputs = options.inputs
        guard config != "-", !inputs.sourceLists.contains("-"), !inputs.catalogs.contains("-"), options.plan != "-"
        else { return nil }
        var scanned: [String] = []
        do {
            if let scan = try inputs.sourceScan() {
                scanned = try SourceScanner.inputFiles(scan.paths, excludes: scan.excludes)
            }
        } catch { return nil }
        let settings =
            [
                config, options.format.rawValue, "\(options.strict)", "\(options.requireAll)", options.plan ?? "",
                inputs.module ?? "", "\(inputs.platform.map { "\($0)" } ?? "")",
                FileManager.default.currentDirectoryPath
            ] + inputs.catalogs + ["--source"] + inputs.sources + ["--exclude"] + inputs.excludes + ["--target"]
            + inputs.targets
        let files =
            (options.settings.map { [$0] } ?? []) + [config] + inputs.catalogFiles
            + (options.planFile.map { [$0] } ?? []) + inputs.sourceLists + scanned
        return BuildStamp.fingerprint(settings: settings, files: files)
    }

    /// The run itself, before `--stamp` records its outcome.
    private static func check(_ options: Options, terminal: Terminal) -> ExitCode {
        let config = options.config ?? Defaults.config
        let result: ValidationRun.Result
        do {
            result = try ValidationRun.run(
                config: config, catalogs: options.inputs.catalogFiles, sources: try options.inputs.sourceScan(),
                policy: DiagnosticPolicy(strict: options.strict))
        } catch {
            report(unreadable: error, format: options.format, terminal: terminal)
            return .usage
        }
        ProcessLifetime.keepUntilExit(result)
        let scanWarnings = result.scan?.warnings ?? []
        if options.format == .xcode {
            // The build shows them as issues too: on stdout, with the findings.
            let xcode = XcodeRenderer()
            let lines = scanWarnings.map {
                xcode.line(file: $0.path, position: $0.position, severity: "warning", message: $0.message, rule: nil)
                    + "\n"
            }
            guard write(lines.joined(), to: terminal) else { return .usage }
        } else {
            for warning in scanWarnings { terminal.writeErr(warning.description + "\n") }
        }
        // The tracking plan, joined with the SPOC.
        var planFindings: [PlanFinding] = []
        var planBroken = false
        if let planFile = options.planFile {
            do {
                let loaded = try TrackingPlan.load(path: planFile)
                if let plan = loaded.plan {
                    planFindings = SPOCPlanCheck(plan: plan, spoc: result.spoc, requireAll: options.requireAll)
                        .findings()
                    if options.strict {
                        planFindings = planFindings.map {
                            var strict = $0; strict.severity = .error; return strict
                        }
                    }
                } else {
                    planFindings = loaded.findings
                    planBroken = true
                }
            } catch {
                if options.format == .xcode {
                    _ = write(XcodeRenderer().render(unreadable: error), to: terminal)
                } else {
                    terminal.writeErr(error.description + "\n")
                }
                return .usage
            }
        }
        let planErrors = planFindings.count { $0.severity == .error }
        let rendered: String
        switch options.format {
        case .json: rendered = combinedJSON(result.report, planFindings)
        case .text, .github:
            rendered =
                options.format.renderer.render(result.report)
                + PlanFindingRenderer.render(planFindings, as: options.format)
        case .xcode:
            let errors = result.report.errorCount + planErrors
            let warnings = result.report.warningCount + planFindings.count - planErrors + scanWarnings.count
            let spoc = result.spoc
            let entries = spoc.listed.screens + spoc.listed.events + spoc.listed.properties
            let subject =
                "\(XcodeRenderer().absolute(spoc.file))'s \(plural(entries, "entry", "entries")), checked against "
                + plural(result.catalogClassCount, "class", "classes")
            rendered =
                options.format.renderer.render(result.report)
                + PlanFindingRenderer.render(planFindings, as: options.format)
                + (XcodeRenderer.summary(command: "validate", errors: errors, warnings: warnings, subject: subject)
                    ?? "")
        }
        if options.format.writesToStdout {
            // A report that cannot be written is an error (exit 2), not a clean run.
            guard write(rendered, to: terminal) else { return .usage }
        } else {
            terminal.writeErr(rendered)
            terminal.writeErr(summary(result) + "\n")
            if let planFile = options.planFile {
                let joined = result.spoc.screens.count + result.spoc.events.count + result.spoc.properties.count
                let what =
                    planBroken
                    ? "the tracking plan cannot be used"
                    : "joined with the SPOC's \(plural(joined, "entry", "entries"))"
                terminal.writeErr(
                    "\(planFile): \(what): \(plural(planErrors, "error")), "
                        + "\(plural(planFindings.count - planErrors, "warning"))\n"
                )
            }
        }
        if planBroken { return .usage }
        return result.report.hasErrors || planErrors > 0 ? .findings : .success
    }

    /// A file that cannot be read or parsed, as each format reports it (SPEC §8); text on stderr
    /// as always.
    private static func report(unreadable error: DocumentError, format: OutputFormat, terminal: Terminal) {
        let rendered = format.renderer.render(unreadable: error)
        if format.writesToStdout {
            // JSON's reader may not show stdout; Xcode's issue line is already on the build log.
            if format == .json { terminal.writeErr(error.description + "\n") }
            _ = write(rendered, to: terminal)
        } else {
            terminal.writeErr(rendered)
        }
    }

    /// `validate`'s one JSON document with the plan's findings after the SPOC's.
    private static func combinedJSON(_ report: ValidationReport, _ planFindings: [PlanFinding]) -> String {
        let objects = report.findings.map(JSONReportRenderer().object(for:)) + PlanFindingRenderer.objects(planFindings)
        let list = objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]"
        let planErrors = planFindings.count { $0.severity == .error }
        return
            "{\"findings\":\(list),\"errors\":\(report.errorCount + planErrors),"
            + "\"warnings\":\(report.warningCount + planFindings.count - planErrors)}\n"
    }

    /// Writes the report on stdout; false, with a message on stderr, when it could not be.
    private static func write(_ report: String, to terminal: Terminal) -> Bool {
        if terminal.writeOut(report) { return true }
        terminal.writeErr(
            "error: the report could not be written to stdout\(terminal.lastWriteError.map { ": \($0)" } ?? "")\n")
        return false
    }

    static func summary(_ result: ValidationRun.Result) -> String {
        let spoc = result.spoc
        let report = result.report
        let counts = "\(plural(report.errorCount, "error")), \(plural(report.warningCount, "warning"))"
        let scanned = result.scan.map { " (\($0.classes) scanned from sources)" } ?? ""
        /// What the file lists, and how many of those were too broken to check further.
        func listed(_ listed: Int, _ decoded: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
            plural(listed, singular, pluralForm) + (decoded < listed ? " (\(listed - decoded) unreadable)" : "")
        }
        return
            "\(spoc.file): \(listed(spoc.listed.screens, spoc.screens.count, "screen")), "
            + "\(listed(spoc.listed.events, spoc.events.count, "event")), "
            + "\(listed(spoc.listed.properties, spoc.properties.count, "property", "properties")) checked against "
            + "\(plural(result.catalogClassCount, "class", "classes"))\(scanned): \(counts)"
    }
}
