/// Builds the catalog of a run: the built-in models, then each catalog file in the order given
/// (later files add to earlier ones), then checks what the files declared.
public enum CatalogLoader {
    /// Throws when a file cannot be read or parsed (exit 2); findings about the classes are
    /// returned with the catalog.
    public static func load(files: [String], base: Catalog = .standard) throws(DocumentError) -> (catalog: Catalog, findings: [Diagnostic], documents: [Document]) {
        var catalog = base
        var findings: [Diagnostic] = []
        var entries: [CatalogEntry] = []
        var documents: [Document] = []
        for file in files {
            let document = try DocumentLoader.load(path: file)
            documents.append(document)
            let decoded = CatalogDecoder.decode(document)
            findings += decoded.findings
            catalog.reserveCapacity(classes: decoded.entries.count, selectors: decoded.entries.reduce(0) { $0 + $1.model.selectors.count })
            for entry in decoded.entries {
                if let conflict = catalog.register(entry.model) { findings.append(conflict) }
            }
            entries += decoded.entries
        }
        findings += CatalogRules.check(entries, in: catalog)
        return (catalog, findings, documents)
    }
}
