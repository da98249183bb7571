/// Builds the catalog of a run: the built-in models, then each catalog file in the order given
/// (later files add to earlier ones). What the files declare is checked by the validation
/// layer above (`CatalogRules`), once the catalog is whole.
package enum CatalogLoader {
    /// Catalog files read and decoded, not yet registered.
    package struct Decoded: Sendable {
        package var documents: [Document] = []
        package var entries: [CatalogEntry] = []
        package var findings: [Diagnostic] = []
    }

    /// Reads and decodes the files. Throws when one cannot be read or parsed (exit 2).
    package static func read(files: [String]) throws(DocumentError) -> Decoded {
        var decoded = Decoded()
        for file in files {
            let document = try DocumentLoader.load(path: file)
            decoded.documents.append(document)
            let result = CatalogDecoder.decode(document)
            decoded.findings += result.findings
            decoded.entries += result.entries
        }
        return decoded
    }

    /// Registers decoded files into `catalog`; returns the findings (the decoding's, then the
    /// conflicts between classes).
    package static func register(_ decoded: Decoded, into catalog: inout Catalog) -> [Diagnostic] {
        var findings = decoded.findings
        catalog.reserveCapacity(
            classes: decoded.entries.count, selectors: decoded.entries.reduce(0) { $0 + $1.model.selectors.count })
        for entry in decoded.entries {
            if let conflict = catalog.register(entry.model) { findings.append(conflict) }
        }
        return findings
    }

    /// Throws when a file cannot be read or parsed (exit 2); findings about the classes are
    /// returned with the catalog.
    package static func load(files: [String], base: Catalog = .standard) throws(DocumentError) -> (
        catalog: Catalog, findings: [Diagnostic], documents: [Document]
    ) {
        let decoded = try read(files: files)
        var catalog = base
        let findings = register(decoded, into: &catalog)
        return (catalog, findings, decoded.documents)
    }
}
