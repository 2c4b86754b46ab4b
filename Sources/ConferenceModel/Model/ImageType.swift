/// A kind of session picture and the sizes it comes in (`imageTypes` of `contents.json`): `wide`
/// 85x48 … 900x506, `square` 162x162 in Apple's feeds.
public struct ImageType: Hashable, Sendable {
    /// A size of the pictures of a kind, in pixels.
    public struct Size: Hashable, Sendable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The kind, as items' `images` name it.
    public var name: String
    /// Its sizes, in the feed's order.
    public var variants: [Size]

    public init(name: String, variants: [Size] = []) {
        self.name = name
        self.variants = variants
    }
}
