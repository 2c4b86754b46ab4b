import Foundation

/// One change to the user's personal data: the whole new state of one item (`kind`, `key`), or its
/// removal (a tombstone), with the version the store gave it and when it was made.
///
/// The one record every personal write becomes, in the store's outbox (`personal_changes`) and in
/// whatever carries it to other machines: the latest change per (kind, key) wins. What its value
/// holds for each kind is its kind's codec's to say (ConferenceData's `PersonalCodec`).
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

    /// The change that removes an item.
    public static func removal(_ kind: PersonalKind, key: String, version: Int64, at date: Date) -> PersonalChange {
        PersonalChange(kind: kind, key: key, value: nil, version: version, changedAt: date)
    }
}
