/// A product of the shop.
public struct Product {
    public var name: String
}
