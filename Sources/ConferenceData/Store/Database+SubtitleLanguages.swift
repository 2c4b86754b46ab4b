import ConferenceModel
import SQLiteDatabase

extension Database {
    /// Records the subtitle languages `sessionID`'s stream offers (its master playlist's, in order),
    /// in place of those known before.
    public func recordSubtitleLanguages(sessionID: String, _ languages: [SubtitleLanguage]) throws {
        try execute("DELETE FROM subtitle_languages WHERE session_id = :session", named: [":session": sessionID])
        for (position, language) in languages.enumerated() {
            try execute("INSERT INTO subtitle_languages (session_id, position, language) VALUES (:session, :position, :language)",
                        named: [":session": sessionID, ":position": position, ":language": language.code])
        }
    }

    /// The subtitle languages `sessionID`'s stream offered when it was last read; empty when never.
    public func streamSubtitleLanguages(sessionID: String) throws -> [SubtitleLanguage] {
        try readAll("SELECT language FROM subtitle_languages WHERE session_id = ? ORDER BY position", [sessionID]) {
            SubtitleLanguage($0.text("language"))
        }.compactMap { $0 }
    }
}
