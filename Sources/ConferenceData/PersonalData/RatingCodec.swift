import ConferenceModel
import Foundation
import JSON
import SQLiteDatabase

/// Your rating of a session (the feedback given here), one per session:
/// `{"comment":…,"content":…,"id":…,"overall":…,"presentation":…}` (an unrated part absent), kept
/// in `feedback` beside the account's copy.
///
/// Its conflict rule: a change rewrites the row with the change's version but keeps the stored
/// row's client identifier (the account service's identity of the feedback) and creation time; a
/// removal deletes it. A rating from elsewhere stays on this machine (`local`: it is not uploaded
/// to the account); one made here waits in the state its maker gives.
enum RatingCodec: PersonalCodec {
    struct Value: PersonalValue {
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

        static let memberNames = ["id", "overall", "content", "presentation", "comment"]

        init?(members object: PersonalMembers) {
            guard case .string(let id)? = object["id"], let overall = object["overall"]?.intValue,
                  let content = object.optionalInteger("content"), let presentation = object.optionalInteger("presentation"),
                  case .string(let comment)? = object["comment"] else { return nil }
            self.init(id: id, overall: overall, content: content, presentation: presentation, comment: comment)
        }
    }

    static let kind = PersonalKind.rating
    static let key: @Sendable (Feedback) -> String = \.sessionID

    static func value(of feedback: Feedback) -> Value? {
        Value(id: feedback.clientID.uuidString.lowercased(), overall: feedback.overall, content: feedback.content,
              presentation: feedback.presentation, comment: feedback.comment)
    }

    /// Nil for ratings outside one to five stars.
    static func item(_ value: Value, of change: PersonalChange) -> Feedback? {
        let feedback = Feedback(clientID: UUID(uuidString: value.id) ?? UUID(), sessionID: change.key, overall: value.overall,
                                content: value.content, presentation: value.presentation, comment: value.comment, syncState: .local,
                                createdAt: change.changedAt)
        return feedback.hasValidRatings ? feedback : nil
    }

    /// The columns a rewrite keeps of the stored row.
    static let kept: Set<String> = ["client_id", "created_at"]

    static let table = StoredTable<Feedback>("feedback", key: [StoredColumn("session_id", key)], columns: [
        StoredColumn(name: "client_id") { feedback, statement, index in try statement.bind(feedback.clientID.uuidString.lowercased(), at: index) },
        StoredColumn("overall", \.overall),
        StoredColumn("content", \.content),
        StoredColumn("presentation", \.presentation),
        StoredColumn("comment", \.comment),
        StoredColumn("sync_state", \.syncState.rawValue),
        StoredColumn("created_at", \.createdAt.timeIntervalSince1970),
        StoredColumn("updated_at", \.updatedAt.timeIntervalSince1970),
        StoredColumn("version", \.version),
    ], kept: kept)

    /// `feedback` as its rewrite of `stored` leaves it (what ``kept`` says, for a rating made
    /// here, whose change carries the identifier kept).
    static func keeping(_ stored: Feedback?, in feedback: Feedback) -> Feedback {
        guard let stored else { return feedback }
        var kept = feedback
        kept.clientID = stored.clientID
        kept.createdAt = stored.createdAt
        return kept
    }

    static func item(from row: Statement) -> Feedback {
        Feedback(clientID: UUID(uuidString: row.string("client_id") ?? "") ?? UUID(), sessionID: row.string("session_id") ?? "",
                 overall: row.int("overall"), content: row.optionalInt("content"), presentation: row.optionalInt("presentation"),
                 comment: row.string("comment") ?? "", syncState: SyncState(rawValue: row.string("sync_state") ?? "") ?? .local,
                 createdAt: Date(timeIntervalSince1970: row.double("created_at")),
                 updatedAt: Date(timeIntervalSince1970: row.double("updated_at")), version: row.int64("version"))
    }

    static func write(_ feedback: Feedback?, of change: PersonalChange) -> PersonalRowWrite<Feedback> {
        guard var row = feedback else { return .delete(key: change.key) }
        // A change received is given its version here after its value was read.
        row.version = change.version
        return .upsert(row)
    }

    static func content(_ feedback: Feedback) -> PersonalChange.Content { .rating(feedback) }

    static func item(in content: PersonalChange.Content) -> Feedback? {
        if case .rating(let feedback) = content { feedback } else { nil }
    }
}
