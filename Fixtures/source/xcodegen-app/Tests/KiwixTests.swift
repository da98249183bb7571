import XCTest

/// A test bundle's: in no app.
class KiwixTests: XCTestCase {}
