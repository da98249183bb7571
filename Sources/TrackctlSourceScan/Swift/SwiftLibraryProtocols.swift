import TrackctlModel

/// Protocols of Swift's standard library and of Swift-only frameworks (SwiftUI, Combine,
/// Foundation's Swift overlay): never a superclass in an inheritance clause, and never seen by
/// the Objective-C runtime, so never an unknown protocol a method might witness. Objective-C
/// protocols of the SDK come from the SDK model instead.
enum SwiftLibraryProtocols {
    static let names: Set<String> = [
        "AnyObject", "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Comparable", "Identifiable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError", "Sendable",
        "CaseIterable",
        "RawRepresentable", "Sequence", "Collection", "IteratorProtocol", "ObservableObject", "View", "App", "Scene",
        "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral", "ExpressibleByArrayLiteral",
        "ExpressibleByDictionaryLiteral",
        "CustomNSError", "Actor", "UIViewRepresentable", "UIViewControllerRepresentable", "UIContentConfiguration",
        "UIContentView", "Publisher", "Subscriber", "Cancellable", "DynamicProperty", "PreviewProvider", "ViewModifier",
        "RecoverableError", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection", "Numeric",
        "Strideable",
        "TextOutputStream", "TextOutputStreamable", "LosslessStringConvertible", "OptionSet", "SetAlgebra",
        "GlobalActor",
        "ReferenceConvertible", "CustomReflectable", "CustomPlaygroundDisplayConvertible", "AsyncSequence",
        "AsyncIteratorProtocol",
        "class"
    ]
}

/// Generic Swift classes of Apple's frameworks that an app subclasses, with the Objective-C
/// class each inherits from. The runtime names them with mangled names no SPOC can spell, and
/// they add no Objective-C method, so a subclass's chain goes on at that class:
/// `class SettingsHost: UIHostingController<SettingsView>` is a view controller whose
/// `viewDidAppear:` is UIViewController's. Source: SwiftUI.swiftinterface (iOS 13+),
/// "open class UIHostingController<Content> : UIKit.UIViewController where Content : View".
enum SwiftLibraryClasses {
    static let objectiveCSuperclass: [String: String] = [
        "UIHostingController": "UIViewController"
    ]
}
