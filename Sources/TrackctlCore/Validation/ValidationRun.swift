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
    }

    /// Throws only for unreadable or malformed files (exit 2).
    public static func run(config: String, catalogs: [String], policy: DiagnosticPolicy, base: Catalog = .standard) throws(DocumentError) -> Result {
        // The catalog and the config are independent until the rules run: read them on two cores.
        // A catalog error is reported first, as if they had been read in order.
        let (loadedCatalog, decodedConfig) = Parallel.both(
            { Swift.Result { () throws(DocumentError) in try CatalogLoader.load(files: catalogs, base: base) } },
            { Swift.Result { () throws(DocumentError) in
                // The rules that need no catalog run here, while the catalog is still loading.
                let document = try DocumentLoader.load(path: config)
                let (spoc, findings) = SPOCDecoder.decode(document)
                return (document, spoc, findings + Validator.validateWithoutCatalog(spoc))
            } })
        let loaded = try loadedCatalog.get()
        let (document, spoc, configFindings) = try decodedConfig.get()
        let findings = loaded.findings + configFindings + Validator.validate(spoc, against: loaded.catalog, catalogRulesOnly: true)
        return Result(report: policy.apply(findings), spoc: spoc, catalog: loaded.catalog, documents: loaded.documents + [document])
    }
}
