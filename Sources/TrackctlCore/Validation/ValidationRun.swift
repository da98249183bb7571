import TrackctlModel
import TrackctlSourceScan

/// The `validate` pipeline as one function: load the catalog, load the SPOC, decode it, check
/// it, apply the policy. The CLI renders what comes back.
public enum ValidationRun {
    /// What a run checked, for the summary line.
    public struct Result: Sendable {
        public var report: ValidationReport
        public var spoc: SPOC
        /// The catalog the SPOC was checked against (built-ins and files), for a replay to use.
        public var catalog: Catalog
        public var catalogClassCount: Int { catalog.count }
        /// The parsed files. Kept so that tearing down a large document tree happens when the
        /// result goes away — for the CLI, never: the process exits first.
        public var documents: [Document]
        /// What `--source` scanned, when it was given.
        public var scan: ScanSummary?
    }

    /// Throws only for unreadable or malformed files (exit 2).
    /// With `sources`, the app's sources are scanned into the catalog first (after the built-in
    /// models, before the catalog files, which add third-party classes). The scan resolves its
    /// classes against the catalog files too, so a file listing a third-party superclass
    /// (`TabmanViewController`) closes the chains that reach it (SPEC §10.1).
    public static func run(
        config: String, catalogs: [String], sources: SourceScanner.Options? = nil, policy: DiagnosticPolicy,
        base: Catalog = .standard
    ) throws(DocumentError) -> Result {
        // The catalog and the config are independent until the rules run: read them on two cores.
        // A catalog error is reported first, as if they had been read in order.
        let (loadedCatalog, decodedConfig) = Parallel.both(
            {
                Swift.Result { () throws(DocumentError) in
                    var start = base
                    var scan: ScanSummary?
                    var scanFindings: [Diagnostic] = []
                    let files = try CatalogLoader.read(files: catalogs)
                    if let sources {
                        var known = base
                        _ = CatalogLoader.register(files, into: &known)
                        let scanned = try SourceScanner.scan(sources, known: known)
                        guard scanned.summary.swiftFiles + scanned.summary.objectiveCFiles > 0 else {
                            // Checking against the SDK alone would pass a typo in CI (exit 2 instead).
                            throw DocumentError(
                                file: sources.paths.joined(separator: " "),
                                message: "--source: " + SourceScanner.noSourceFiles)
                        }
                        scan = scanned.summary
                        start.reserveCapacity(classes: scanned.models.count, selectors: scanned.summary.selectors)
                        for model in scanned.models {
                            if let conflict = start.register(model) { scanFindings.append(conflict) }
                        }
                        for model in scanned.alternates { start.registerAlternate(model) }
                        for construct in scanned.summary.skipped {
                            guard let name = construct.spocName else { continue }
                            start.registerUnreachable(
                                UnreachableClass(
                                    name: name, swiftName: construct.name, why: construct.detail,
                                    source: construct.location.description))
                        }
                        for spelling in scanned.nestedSpellings + scanned.leftOutClasses {
                            start.registerUnreachable(spelling)
                        }
                        for (module, source) in scanned.moduleSources { start.registerModuleSource(module, source) }
                    }
                    let findings =
                        CatalogLoader.register(files, into: &start) + CatalogRules.check(files.entries, in: start)
                    return ((catalog: start, findings: scanFindings + findings, documents: files.documents), scan)
                }
            },
            {
                Swift.Result { () throws(DocumentError) in
                    // The rules that read the SPOC alone run here, while the catalog is still loading.
                    let document = try DocumentLoader.load(path: config)
                    let (spoc, findings) = SPOCDecoder.decode(document)
                    return (document, spoc, findings + Validator.validateWithoutCatalog(spoc))
                }
            })
        let (loaded, scan) = try loadedCatalog.get()
        let (document, spoc, configFindings) = try decodedConfig.get()
        let findings = loaded.findings + configFindings + Validator.validateWithCatalog(spoc, against: loaded.catalog)
        return Result(
            report: policy.apply(findings), spoc: spoc, catalog: loaded.catalog,
            documents: loaded.documents + [document], scan: scan)
    }
}
