import AppKit

/// In a macOS folder of a target with inferDestinationFiltersByPath: built for macOS only.
class MacLibraryViewController: NSViewController {}
