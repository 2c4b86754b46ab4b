import ConferenceModel
import ConferenceData
import Foundation
import Operations

/// Satisfied when the session has taken place: it started before now, or it is a video with no
/// schedule. Only such sessions can be rated.
public struct SessionHasTakenPlace: OperationCondition {
    public let sessionID: String
    public let store: ConferenceStore
    public let now: @Sendable () -> Date

    public init(sessionID: String, store: ConferenceStore, now: @escaping @Sendable () -> Date) {
        self.sessionID = sessionID
        self.store = store
        self.now = now
    }

    public var name: String { "SessionHasTakenPlace" }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        do {
            let start = try store.read { db in
                try db.fetchOne("""
                    SELECT i.start_time FROM instances i JOIN sessions s ON s.sid = i.sid WHERE s.id = ?
                    """, [sessionID]) { $0.double("start_time") }
            }
            if let start, Date(timeIntervalSince1970: start) > now() {
                completion(.failed(FeedbackError.notYetTakenPlace(session: sessionID, startsAt: Date(timeIntervalSince1970: start))))
            } else {
                completion(.satisfied)
            }
        } catch {
            completion(.failed(error))
        }
    }
}
