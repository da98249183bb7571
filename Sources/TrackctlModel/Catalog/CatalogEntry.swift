/// A class read from a catalog file, with the locations its checks report at.
package struct CatalogEntry: Sendable {
    package var model: ScreenModel
    package var classLocation: SourceLocation
    package var superclassLocation: SourceLocation?
    /// The declared selectors that are not well formed, with where they are written. Only
    /// these need a location, and a catalog can declare tens of thousands of selectors.
    package var malformedSelectors: [Located<String>]
    /// Each transition's selector key, with the location of its target class value if any.
    package var transitionLocations: [(selector: Located<String>, target: SourceLocation?)]
}
