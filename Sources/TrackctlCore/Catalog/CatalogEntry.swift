/// A class read from a catalog file, with the locations its checks report at.
public struct CatalogEntry: Sendable {
    public var model: ScreenModel
    public var classLocation: SourceLocation
    public var superclassLocation: SourceLocation?
    /// The declared selectors that are not well formed, with where they are written. Only
    /// these need a location, and a catalog can declare tens of thousands of selectors.
    public var malformedSelectors: [Located<String>]
    /// Each transition's selector key, with the location of its target class value if any.
    public var transitionLocations: [(selector: Located<String>, target: SourceLocation?)]
}
