/// The `validate` pipeline as one function: load the catalog, load the SPOC, decode it, check
/// it, apply the policy. The CLI renders what comes back.
public enum ValidationRun {
    /// What a run checked, for the summary line.
    public struct Result: Sendable {
        public var report: ValidationReport
        public var spoc: SPOC
        public var catalogClassCount: Int
    }

    /// Throws only for unreadable or malformed files (exit 2).
    public static func run(config: String, catalogs: [String], policy: DiagnosticPolicy, base: Catalog = .standard) throws(DocumentError) -> Result {
        // The catalog and the config are independent until the rules run: read them on two cores.
        // A catalog error is reported first, as if they had been read in order.
        let (loadedCatalog, decodedConfig) = Parallel.both(
            { Swift.Result { () throws(DocumentError) in try CatalogLoader.load(files: catalogs, base: base) } },
            { Swift.Result { () throws(DocumentError) in SPOCDecoder.decode(try DocumentLoader.load(path: config)) } })
        let (catalog, catalogFindings) = try loadedCatalog.get()
        let (spoc, decodingFindings) = try decodedConfig.get()
        let findings = catalogFindings + decodingFindings + Validator.validate(spoc, against: catalog)
        return Result(report: policy.apply(findings), spoc: spoc, catalogClassCount: catalog.count)
    }
}
