/// A class read from a catalog file, with the locations its checks report at.
public struct CatalogEntry: Sendable {
    public var model: ScreenModel
    public var classLocation: SourceLocation
    public var superclassLocation: SourceLocation?
    /// Each declared selector with where it is written.
    public var selectorLocations: [Located<String>]
    /// Each transition's selector key, with the location of its target class value if any.
    public var transitionLocations: [(selector: Located<String>, target: SourceLocation?)]
}
