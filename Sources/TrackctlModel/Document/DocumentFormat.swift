/// The formats a SPOC, catalog or JSON script can be written in, detected from the content.
public enum DocumentFormat: String, Sendable {
    case json
    case xmlPropertyList = "xml-plist"
    case binaryPropertyList = "binary-plist"
}
