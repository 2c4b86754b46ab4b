import ConferenceData
import ConferenceModel
import Foundation
import PlainText

/// Why a change to the user's progress, bookmarks or notes cannot be made.
public enum PersonalDataError: Error, Equatable, Sendable {
    /// A bookmark was asked for at the saved position, and there is none.
    case noSavedPosition(session: String)
    /// The session has no bookmark of that number (it has `count`).
    case noSuchBookmark(session: String, number: Int, count: Int)
    /// The time is past the end of the video.
    case beyondEnd(session: String, time: Double, duration: Double)
    /// A note (a session's or a bookmark's) of `length` characters, over ``SessionNote/maximumLength``;
    /// `kept`, where its text was kept when it was typed in the editor.
    case noteTooLong(length: Int, kept: NoteDraft? = nil)
}

extension PersonalDataError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .noSavedPosition(session):
            "no saved position for \(session): give the time of the bookmark"
        case let .noSuchBookmark(session, number, 0):
            "\(session) has no bookmarks (asked for number \(number))"
        case let .noSuchBookmark(session, number, count):
            "\(session) has no bookmark \(number): it has \(Quantity.text(count, "bookmark")), numbered 1 to \(count)"
        case let .beyondEnd(session, time, duration):
            "\(VideoTime.text(time)) is past the end of \(session)'s video (\(VideoTime.text(duration)))"
        case let .noteTooLong(length, _):
            "the note is \(length) characters long; a note holds at most \(SessionNote.maximumLength)"
        }
    }
}
