import ConferenceModel

/// The codecs of the kinds of personal data this program knows (``PersonalKind/known``), in the
/// order the writer writes their tables.
enum PersonalCodecs {
    static let all: [any PersonalCodec.Type] = [ProgressCodec.self, NoteCodec.self, BookmarkCodec.self, FavoriteCodec.self, RatingCodec.self]

    /// The codec of `kind`; nil for a kind of a newer wwdc.
    static func codec(of kind: PersonalKind) -> (any PersonalCodec.Type)? {
        all.first { $0.kind == kind }
    }
}
