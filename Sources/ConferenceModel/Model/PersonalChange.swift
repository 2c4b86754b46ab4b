import Foundation

/// One change to the user's personal data: the whole new state of one item (`kind`, `key`), or its
/// removal (a tombstone), with the version the store gave it and when it was made.
///
/// The one record every personal write becomes, in the store's outbox (`personal_changes`) and in
/// whatever carries it to other machines: the latest change per (kind, key) wins.
public struct PersonalChange: Hashable, Sendable {
    public var kind: PersonalKind
    public var key: String
    /// The item's state as a JSON object; nil for a removal.
    public var value: String?
    /// The store's change counter when it was made here (or applied here).
    public var version: Int64
    public var changedAt: Date
    /// Its place among the changes of every machine sharing a sync folder (a ``HybridTimestamp``'s
    /// text); empty for a change made here and not yet written to one.
    public var clock: String

    public init(kind: PersonalKind, key: String, value: String?, version: Int64, changedAt: Date, clock: String = "") {
        self.kind = kind
        self.key = key
        self.value = value
        self.version = version
        self.changedAt = changedAt
        self.clock = clock
    }

    /// Whether it removes the item.
    public var isTombstone: Bool { value == nil }
}

// MARK: Values

extension PersonalChange {
    private struct ProgressValue: Codable, FlatDecodable {
        var position: Double?
        var duration: Double?
        var watched: Bool

        init(position: Double?, duration: Double?, watched: Bool) {
            self.position = position
            self.duration = duration
            self.watched = watched
        }

        init?(flat object: FlatJSONObject) {
            guard let position = object.optionalDouble("position"), let duration = object.optionalDouble("duration"),
                  case .bool(let watched)? = object["watched"] else { return nil }
            self.init(position: position, duration: duration, watched: watched)
        }
    }

    private struct BookmarkValue: Codable, FlatDecodable {
        var session: String
        var time: Double
        var note: String
        var created: Double

        init(session: String, time: Double, note: String, created: Double) {
            self.session = session
            self.time = time
            self.note = note
            self.created = created
        }

        init?(flat object: FlatJSONObject) {
            guard case .string(let session)? = object["session"], case .number(let time, _)? = object["time"],
                  case .string(let note)? = object["note"], case .number(let created, _)? = object["created"] else { return nil }
            self.init(session: session, time: time, note: note, created: created)
        }
    }

    private struct NoteValue: Codable, FlatDecodable {
        var text: String

        init(text: String) { self.text = text }

        init?(flat object: FlatJSONObject) {
            guard case .string(let text)? = object["text"] else { return nil }
            self.init(text: text)
        }
    }

    private struct FavoriteValue: Codable, FlatDecodable {
        var favorite: Bool

        init(favorite: Bool) { self.favorite = favorite }

        init?(flat object: FlatJSONObject) {
            guard case .bool(let favorite)? = object["favorite"] else { return nil }
            self.init(favorite: favorite)
        }
    }

    private struct RatingValue: Codable, FlatDecodable {
        var id: String
        var overall: Int
        var content: Int?
        var presentation: Int?
        var comment: String

        init(id: String, overall: Int, content: Int?, presentation: Int?, comment: String) {
            self.id = id
            self.overall = overall
            self.content = content
            self.presentation = presentation
            self.comment = comment
        }

        init?(flat object: FlatJSONObject) {
            guard case .string(let id)? = object["id"], case .number(let overall, isInteger: true)? = object["overall"],
                  let content = object.optionalInteger("content"), let presentation = object.optionalInteger("presentation"),
                  case .string(let comment)? = object["comment"] else { return nil }
            self.init(id: id, overall: Int(overall), content: content, presentation: presentation, comment: comment)
        }
    }

    /// The change that makes a session a favorite, or removes it (a tombstone).
    public static func favorite(session: String, _ isFavorite: Bool, version: Int64, at date: Date) -> PersonalChange {
        PersonalChange(kind: .favorite, key: session, value: isFavorite ? encode(FavoriteValue(favorite: true)) : nil,
                       version: version, changedAt: date)
    }

    /// The change that sets your rating of a session (the feedback given here).
    public static func rating(_ feedback: Feedback, version: Int64) -> PersonalChange {
        PersonalChange(kind: .rating, key: feedback.sessionID,
                       value: encode(RatingValue(id: feedback.clientID.uuidString.lowercased(), overall: feedback.overall, content: feedback.content,
                                                 presentation: feedback.presentation, comment: feedback.comment)),
                       version: version, changedAt: feedback.updatedAt)
    }

    /// Whether this change makes its session a favorite; nil for another kind or a value that cannot be read.
    public var isFavorite: Bool? {
        guard kind == .favorite else { return nil }
        guard value != nil else { return false }
        return decode(FavoriteValue.self)?.favorite
    }

    /// The feedback this change sets, kept on this machine (`.local`); nil for another kind, a
    /// removal, or ratings outside one to five stars.
    public var rating: Feedback? {
        guard kind == .rating, let value = decode(RatingValue.self) else { return nil }
        let feedback = Feedback(clientID: UUID(uuidString: value.id) ?? UUID(), sessionID: key, overall: value.overall, content: value.content,
                                presentation: value.presentation, comment: value.comment, syncState: .local, createdAt: changedAt)
        return feedback.hasValidRatings ? feedback : nil
    }

    /// What a change sets, its value read once.
    public enum Content: Sendable {
        /// A removal (a tombstone) of any kind.
        case removal
        case progress(WatchProgress)
        case bookmark(Bookmark)
        case note(SessionNote)
        /// A favorite's value: whether it makes the session one.
        case favorite(Bool)
        case rating(Feedback)
        /// A value of a kind this program does not know, kept as it came.
        case other
    }

    /// What this change sets; nil for a value of a known kind that cannot be read.
    public var content: Content? {
        guard value != nil else { return .removal }
        switch kind {
        case .progress: return watchProgress.map(Content.progress)
        case .bookmark: return bookmark.map(Content.bookmark)
        case .note: return note.map(Content.note)
        case .favorite: return isFavorite.map(Content.favorite)
        case .rating: return rating.map(Content.rating)
        default: return .other
        }
    }

    /// Whether this program can use the change: a removal, a value it reads for a kind it knows, or
    /// any value of a kind it does not know (kept as it came, for a newer program).
    public var isUsable: Bool { content.map(Self.isUsable) ?? false }

    /// Whether a change from elsewhere with `content` can be used: a favorite's value never says
    /// "not a favorite" (that is a removal), and a bookmark's session is an ``ItemID``.
    static func isUsable(_ content: Content) -> Bool {
        switch content {
        case .favorite(false): false
        case .bookmark(let bookmark): ItemID.isUsable(bookmark.sessionID)
        default: true
        }
    }

    /// The change that sets a session's progress.
    public static func progress(_ progress: WatchProgress, version: Int64) -> PersonalChange {
        PersonalChange(kind: .progress, key: progress.sessionID,
                       value: encode(ProgressValue(position: progress.position, duration: progress.duration, watched: progress.watched)),
                       version: version, changedAt: progress.updatedAt)
    }

    /// The change that adds (or rewrites) a bookmark.
    public static func bookmark(_ bookmark: Bookmark, version: Int64, at date: Date) -> PersonalChange {
        PersonalChange(kind: .bookmark, key: bookmark.id,
                       value: encode(BookmarkValue(session: bookmark.sessionID, time: bookmark.time, note: bookmark.note,
                                                   created: bookmark.createdAt.timeIntervalSince1970)),
                       version: version, changedAt: date)
    }

    /// The change that sets a session's note.
    public static func note(_ note: SessionNote, version: Int64) -> PersonalChange {
        PersonalChange(kind: .note, key: note.sessionID, value: encode(NoteValue(text: note.text)), version: version, changedAt: note.updatedAt)
    }

    /// The change that removes an item.
    public static func removal(_ kind: PersonalKind, key: String, version: Int64, at date: Date) -> PersonalChange {
        PersonalChange(kind: kind, key: key, value: nil, version: version, changedAt: date)
    }

    /// The progress this change sets; nil for another kind, a removal or a value that cannot be read
    /// (a position or a duration out of a video's range among them: it came from another machine).
    public var watchProgress: WatchProgress? {
        guard kind == .progress, let value = decode(ProgressValue.self), Self.isVideoSeconds(value.position),
              Self.isVideoSeconds(value.duration) else { return nil }
        return WatchProgress(sessionID: key, position: value.position, duration: value.duration, watched: value.watched, updatedAt: changedAt)
    }

    /// The bookmark this change sets; nil when its time is out of a video's range, or its date out of a date's.
    public var bookmark: Bookmark? {
        guard kind == .bookmark, let value = decode(BookmarkValue.self), Self.isVideoSeconds(value.time),
              FeedRange.dateSeconds.contains(value.created) else { return nil }
        return Bookmark(id: key, sessionID: value.session, time: value.time, note: value.note, createdAt: Date(timeIntervalSince1970: value.created))
    }

    /// The note this change sets.
    public var note: SessionNote? {
        guard kind == .note, let value = decode(NoteValue.self) else { return nil }
        return SessionNote(sessionID: key, text: value.text, updatedAt: changedAt)
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Finite numbers and strings only: encoding cannot fail.
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The value as `T`: read directly when it is a flat object holding `T`'s members, each once and
    /// of its type (as wwdc writes every value), else by `JSONDecoder`, which decides.
    private func decode<T: FlatDecodable>(_ type: T.Type) -> T? {
        guard let value else { return nil }
        if let object = FlatJSONObject(value), !object.hasRepeatedKey, let decoded = T(flat: object) { return decoded }
        return try? JSONDecoder().decode(type, from: Data(value.utf8))
    }

    /// Whether `seconds` (when given) are a moment of a video within the feeds' range: a number
    /// beyond it, from another machine, would trap where it becomes a player's argument.
    private static func isVideoSeconds(_ seconds: Double?) -> Bool {
        seconds.map(FeedRange.videoSeconds.contains) ?? true
    }
}

/// A value that can be read from a flat JSON object directly; nil when the object is not one it
/// reads exactly as `JSONDecoder` would (the caller then asks `JSONDecoder`).
private protocol FlatDecodable: Decodable {
    init?(flat object: FlatJSONObject)
}

private extension FlatJSONObject {
    /// `.some(nil)` for a member that is missing or null, `.some(number)` for a number; nil for another type.
    func optionalDouble(_ key: String) -> Double?? {
        switch self[key] {
        case nil, .null?: return .some(nil)
        case .number(let number, _)?: return .some(number)
        default: return nil
        }
    }

    /// `.some(nil)` for a member that is missing or null, `.some(integer)` for an integer; nil for anything else.
    func optionalInteger(_ key: String) -> Int?? {
        switch self[key] {
        case nil, .null?: return .some(nil)
        case .number(let number, isInteger: true)?: return .some(Int(number))
        default: return nil
        }
    }
}
