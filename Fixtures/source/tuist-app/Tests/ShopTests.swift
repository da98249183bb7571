import XCTest

class ShopTests: XCTestCase {}
