/// Counts as people read them: "1 rating", "2 ratings", "0 feeds" (English, the only language of the
/// program's own messages).
public enum Quantity {
    /// `count` and the noun, singular for exactly one; `plural` when the noun does not just take an "s".
    public static func text(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + noun(count, singular, plural: plural)
    }

    /// The noun alone, as `count` calls for.
    public static func noun(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        count == 1 ? singular : plural ?? singular + "s"
    }
}
