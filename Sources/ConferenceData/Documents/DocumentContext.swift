import ConferenceModel

/// What a document is read with besides its model: the view it is for, the zone its times are
/// shown in, the moment it is read at, and what the view words itself (the commands it names,
/// where a change stands).
public struct DocumentContext: Sendable {
    public var view: DocumentView
    /// The zone of the times (the conference's, or this machine's).
    public var zone: TimeZoneChoice
    /// Now, in seconds since 1970: what is on the air, what starts soon.
    public var now: Double
    public var commands: DocumentCommands
    /// Where a favorite's or a rating's latest change stands (its kind, its session, the account
    /// service's state), in the view's words; nil where the view does not say.
    public var standing: @Sendable (_ kind: PersonalKind, _ sessionID: String, _ syncState: SyncState) -> String?

    public init(view: DocumentView, zone: TimeZoneChoice = .conference, now: Double = 0, commands: DocumentCommands = DocumentCommands(),
                standing: @escaping @Sendable (PersonalKind, String, SyncState) -> String? = { _, _, _ in nil }) {
        self.view = view
        self.zone = zone
        self.now = now
        self.commands = commands
        self.standing = standing
    }
}
