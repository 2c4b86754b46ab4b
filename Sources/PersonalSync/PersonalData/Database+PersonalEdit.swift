import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    /// Makes `edit` at `date`: each item it changes becomes a ``PersonalChange`` with the next
    /// version of the store's change counter, applied here (and so waiting in the outbox). Asking for
    /// what is already so writes nothing. Call inside `store.write {}`.
    public func edit(_ edit: PersonalEdit, at date: Date) throws -> [PersonalEditResult] {
        switch edit {
        case .markWatched(let ids):
            return try ids.map { id in
                let current = try watchProgress(sessionID: id)
                if let current, current.watched { return PersonalEditResult(sessionID: id, changed: false, progress: current) }
                let progress = WatchProgress(sessionID: id, position: nil, duration: try current?.duration ?? videoDuration(sessionID: id),
                                             watched: true, updatedAt: date)
                try apply(.progress(progress, version: nextChangeVersion()))
                return PersonalEditResult(sessionID: id, changed: true, progress: progress)
            }
        case .markUnwatched(let ids):
            return try ids.map { id in
                guard try watchProgress(sessionID: id) != nil else { return PersonalEditResult(sessionID: id, changed: false) }
                try apply(.removal(.progress, key: id, version: nextChangeVersion(), at: date))
                return PersonalEditResult(sessionID: id, changed: true)
            }
        case let .recordPosition(id, position, duration):
            guard position.isFinite else { return [PersonalEditResult(sessionID: id, changed: false)] }
            let known = try duration.flatMap(Self.usableSeconds) ?? watchProgress(sessionID: id)?.duration ?? videoDuration(sessionID: id)
            let progress = WatchProgress.recording(sessionID: id, position: min(position, FeedRange.videoSeconds.upperBound),
                                                   duration: known, at: date)
            try apply(.progress(progress, version: nextChangeVersion()))
            return [PersonalEditResult(sessionID: id, changed: true, progress: progress)]
        case let .recordStarted(id, duration):
            let current = try watchProgress(sessionID: id)
            let progress = WatchProgress(sessionID: id, position: nil,
                                         duration: try duration.flatMap(Self.usableSeconds) ?? current?.duration ?? videoDuration(sessionID: id),
                                         watched: false, updatedAt: date)
            try apply(.progress(progress, version: nextChangeVersion()))
            return [PersonalEditResult(sessionID: id, changed: true, progress: progress)]
        case let .addBookmark(id, time, note):
            try Self.checkNote(note)
            let progress = try watchProgress(sessionID: id)
            guard let at = time ?? progress?.position else { throw PersonalDataError.noSavedPosition(session: id) }
            if let duration = try progress?.duration ?? videoDuration(sessionID: id), at > duration {
                throw PersonalDataError.beyondEnd(session: id, time: at, duration: duration)
            }
            let bookmark = Bookmark(id: UUID().uuidString.lowercased(), sessionID: id, time: min(max(at, 0), FeedRange.videoSeconds.upperBound),
                                    note: note, createdAt: date)
            try apply(.bookmark(bookmark, version: nextChangeVersion(), at: date))
            let number = (try storedBookmarks(sessionID: id).firstIndex { $0.id == bookmark.id } ?? 0) + 1
            return [PersonalEditResult(sessionID: id, changed: true, bookmark: (bookmark, number))]
        case let .removeBookmark(id, number):
            let bookmarks = try storedBookmarks(sessionID: id)
            guard bookmarks.indices.contains(number - 1) else {
                throw PersonalDataError.noSuchBookmark(session: id, number: number, count: bookmarks.count)
            }
            let bookmark = bookmarks[number - 1]
            try apply(.removal(.bookmark, key: bookmark.id, version: nextChangeVersion(), at: date))
            return [PersonalEditResult(sessionID: id, changed: true, bookmark: (bookmark, number))]
        case let .setNote(id, text):
            guard !text.allSatisfy(\.isWhitespace) else { return try self.edit(.clearNote(session: id), at: date) }
            try Self.checkNote(text)
            guard try storedNote(sessionID: id)?.text != text else { return [PersonalEditResult(sessionID: id, changed: false)] }
            try apply(.note(SessionNote(sessionID: id, text: text, updatedAt: date), version: nextChangeVersion()))
            return [PersonalEditResult(sessionID: id, changed: true)]
        case let .clearNote(id):
            guard try storedNote(sessionID: id) != nil else { return [PersonalEditResult(sessionID: id, changed: false)] }
            try apply(.removal(.note, key: id, version: nextChangeVersion(), at: date))
            return [PersonalEditResult(sessionID: id, changed: true)]
        }
    }

    /// Throws unless `text` fits ``SessionNote/maximumLength``.
    private static func checkNote(_ text: String) throws {
        // Scalars, not characters: one character may hold any number of them.
        let length = text.unicodeScalars.count
        if length > SessionNote.maximumLength { throw PersonalDataError.noteTooLong(length: length) }
    }

    /// The feed's duration of a session's video, when it gives one.
    func videoDuration(sessionID: String) throws -> Double? {
        try fetchOne("SELECT v.duration FROM videos v JOIN sessions s ON s.sid = v.sid WHERE s.id = ?", [sessionID]) {
            $0.optionalDouble("duration")
        }?.flatMap(Self.usableSeconds)
    }

    private static func usableSeconds(_ seconds: Double) -> Double? {
        seconds.isFinite && seconds > 0 ? min(seconds, FeedRange.videoSeconds.upperBound) : nil
    }
}
