import ConferenceData
import ConferenceModel
import Foundation

/// A note written in the editor that could not be saved (too long), kept so that nothing typed is
/// lost, as git keeps a refused commit's message: a file only its owner can read, one per session,
/// in wwdc's data folder. The editor opens on it the next time, and it goes once a note is saved.
public struct NoteDraft: Equatable, Sendable {
    /// The session whose note it is.
    public var sessionID: String
    /// The file it is kept in.
    public var path: String

    /// Where the draft of `sessionID`'s note is kept: `drafts/note-<id>.md` in wwdc's data folder.
    public init(sessionID: String, folders: UserFolders) throws {
        self.sessionID = sessionID
        // An id is letters, digits, '-', '_' and '.'; a store synced before that rule may hold
        // others, which never make a path of their own.
        let name = String(sessionID.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        }.prefix(ItemID.maximumLength))
        path = try StoreLocation.dataFolder(folders) + "/drafts/note-" + name + ".md"
    }

    /// The text kept, when there is one (without the newline ``keep(_:)`` ends it with).
    public var text: String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
    }

    /// Keeps `text` (its folder made 0700, the file 0600 from the start), replacing a draft kept before.
    public func keep(_ text: String) throws {
        try StoreLocation.prepareFolder(for: path)
        try PrivateFile.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8), to: path)
    }

    /// Removes the draft, when there is one.
    public func discard() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
