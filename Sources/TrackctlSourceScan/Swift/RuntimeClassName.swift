/// The Objective-C runtime name of a Swift class nested in other types: what
/// `NSStringFromClass` returns and `NSClassFromString` accepts, where no `Module.Outer.Inner`
/// spelling is ever registered.
///
/// Swift still names Objective-C classes in its pre-4.0 mangling (swiftlang/swift
/// docs/ABI/OldMangling.rst, "still used for the Objective-C class names of Swift classes"):
///
///     mangled-name      ::= '_Tt' nominal-type
///     nominal-type      ::= nominal-type-kind context decl-name
///     nominal-type-kind ::= 'C' (class) | 'V' (struct) | 'O' (enum)
///     context           ::= module | nominal-type
///     identifier        ::= byte-count name
///
/// so the kinds come innermost first, then the module and each name outermost first:
/// `class Inner` in `struct Outer` of module `Shop` is `_TtCV4Shop5Outer5Inner`, and Swiftfin's
/// `VideoPlayer.UIVideoPlayerContainerViewController` is
/// `_TtCV12Swiftfin_iOS11VideoPlayer36UIVideoPlayerContainerViewController`. A name's count is
/// of its UTF-8 bytes: Objective-C metadata is not punycoded (test/Interpreter/SDK/
/// objc_mangling.swift: `_TtC10MangleTest15RadicalSheep⽺`). An actor is a class (`C`).
///
/// What the grammar cannot say from source is not guessed: a context in another module (an
/// extension of a UIKit type mangles that module and an extension marker), a generic context
/// (the class is then generic), a private one (its file's discriminator), a protocol.
enum RuntimeClassName {
    /// One type of the nesting, outermost first.
    struct Level: Equatable {
        var kind: SwiftTypeDeclaration.Kind
        var name: String
    }

    /// Why a nested class's runtime name cannot be known from its source.
    enum Unknowable: Error, Equatable {
        /// A context the scan did not read declared: another module's type, or a typo.
        case unknownContext(String)
        /// A context that cannot hold an Objective-C class by name (a protocol).
        case unsupportedContext(String)
    }

    /// `_Tt…` for `levels` (the enclosing types, then the class itself) in `module`.
    static func mangled(module: String, levels: [Level]) -> Result<String, Unknowable> {
        var kinds = ""
        for level in levels.reversed() {
            switch level.kind {
            case .class, .actor: kinds += "C"
            case .struct: kinds += "V"
            case .enum: kinds += "O"
            case .protocol, .extension: return .failure(.unsupportedContext(level.name))
            }
        }
        var name = "_Tt" + kinds + identifier(module)
        for level in levels { name += identifier(level.name) }
        return .success(name)
    }

    private static func identifier(_ name: String) -> String { "\(name.utf8.count)\(name)" }
}
