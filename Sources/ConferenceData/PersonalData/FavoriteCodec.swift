import ConferenceModel
import Foundation
import JSON
import SQLiteDatabase

/// A favorite: `{"favorite":true}`, and its removal a tombstone, kept in `favorites` beside the
/// account's favorites (a row waits there, in its sync state, for its upload to the account).
///
/// Its conflict rule: a change that makes a session a favorite writes the row, with the change's
/// version; one that does not (a removal, made here or received) rewrites a stored row as no
/// longer a favorite, kept until the account hears of it, and writes none where there is none.
/// A favorite from elsewhere waits for the account as one made here does (`pending`); one made
/// here, in the state its maker gives.
enum FavoriteCodec: PersonalCodec {
    struct Value: PersonalValue {
        var favorite: Bool

        init(favorite: Bool) { self.favorite = favorite }

        static let memberNames = ["favorite"]

        init?(members object: PersonalMembers) {
            guard case .bool(let favorite)? = object["favorite"] else { return nil }
            self.init(favorite: favorite)
        }
    }

    static let kind = PersonalKind.favorite
    static let key: @Sendable (Favorite) -> String = \.sessionID

    static func value(of favorite: Favorite) -> Value? {
        favorite.isFavorite ? Value(favorite: true) : nil
    }

    static func item(_ value: Value, of change: PersonalChange) -> Favorite? {
        Favorite(sessionID: change.key, isFavorite: value.favorite, syncState: .pending, updatedAt: change.changedAt)
    }

    /// A value says the session is a favorite: not being one is a removal.
    static func isUsable(_ favorite: Favorite) -> Bool { favorite.isFavorite }

    static let table = StoredTable<Favorite>("favorites", key: [StoredColumn("session_id", key)], columns: [
        StoredColumn("is_favorite", \.isFavorite),
        StoredColumn("sync_state", \.syncState.rawValue),
        StoredColumn("updated_at", \.updatedAt.timeIntervalSince1970),
        StoredColumn("version", \.version),
    ])

    static func item(from row: Statement) -> Favorite {
        Favorite(sessionID: row.string("session_id") ?? "", isFavorite: row.int("is_favorite") != 0,
                 syncState: SyncState(rawValue: row.string("sync_state") ?? "") ?? .local,
                 updatedAt: Date(timeIntervalSince1970: row.double("updated_at")), version: row.int64("version"))
    }

    static func write(_ favorite: Favorite?, of change: PersonalChange) -> PersonalRowWrite<Favorite> {
        var row = favorite ?? Favorite(sessionID: change.key, isFavorite: false, syncState: .pending, updatedAt: change.changedAt)
        // A change received is given its version here after its value was read.
        row.version = change.version
        return row.isFavorite ? .upsert(row) : .rewrite(row)
    }

    static func content(_ favorite: Favorite) -> PersonalChange.Content { .favorite(favorite) }

    static func item(in content: PersonalChange.Content) -> Favorite? {
        if case .favorite(let favorite) = content { favorite } else { nil }
    }
}
