/// A parsed document: its root value, the name it is reported under, and its format.
public struct Document: Sendable {
    /// The file as the user named it (`-` shows as `<stdin>`).
    public var file: String
    public var format: DocumentFormat
    public var root: SourceValue

    public init(file: String, format: DocumentFormat, root: SourceValue) {
        self.file = file
        self.format = format
        self.root = root
    }
}
