import ConferenceModel

extension SessionNote {
    /// The most characters (Unicode scalars) a note holds, a session's or a bookmark's: as many as
    /// fit a sync folder's journal line when each becomes its longest escape, beside the rest of
    /// the change (149,211), rounded down to a number people can keep in mind (100,000). A longer
    /// note is refused where it is written, so every note reaches every machine.
    public static let maximumLength = fitting - fitting % 50_000

    /// The most characters that fit a journal line, however they escape.
    static let fitting = (JournalLine.maximumLength - JournalLine.roomForFields) / JournalLine.longestEscape
}
