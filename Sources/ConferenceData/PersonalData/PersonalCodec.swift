import ConferenceModel
import Foundation
import SQLiteDatabase

/// One kind of personal data, said once: its kind and key, its value (the JSON every machine
/// writes and reads), its table and columns, and what a change does to the stored row (its
/// conflict rule, a removal's among it). The one writer, `Database.apply`, writes every kind
/// through its codec, and the reads of the items read their rows through it.
protocol PersonalCodec: SendableMetatype {
    /// An item as the store keeps it: a row of the codec's table.
    associatedtype Item: Sendable
    /// The value of a change setting an item.
    associatedtype Value: PersonalValue

    static var kind: PersonalKind { get }
    /// The item's key, in its changes and in its table (a session's id; a bookmark's own).
    static var key: @Sendable (Item) -> String { get }

    /// The value of the change that sets `item`; nil when that change is a removal (a session no
    /// longer a favorite).
    static func value(of item: Item) -> Value?
    /// The item a change with `value` sets; nil when it is not one this program can use (a number
    /// beyond its range, from another machine).
    static func item(_ value: Value, of change: PersonalChange) -> Item?
    /// Whether an item from elsewhere can be used (a bookmark's session must be an id wwdc can name).
    static func isUsable(_ item: Item) -> Bool

    /// The table, its key first: the columns every write and read of an item names.
    static var table: StoredTable<Item> { get }
    /// Reads an item from a row holding the table's columns.
    static func item(from row: Statement) -> Item

    /// What `change` does to the stored row: `item` is what it sets, nil for a removal.
    static func write(_ item: Item?, of change: PersonalChange) -> PersonalRowWrite<Item>

    /// The item as what a change sets.
    static func content(_ item: Item) -> PersonalChange.Content
    /// The item `content` holds, when it holds one of this kind.
    static func item(in content: PersonalChange.Content) -> Item?

    // Said by the extension below for every kind. Requirements, so that each kind's witness is
    // compiled for its own types: a merge calls them once or twice for each line of every journal.

    /// What `change`, of this kind, sets; nil for a value this program cannot use.
    static func content(of change: PersonalChange) -> PersonalChange.Content?
    /// Whether `content` can be used, when it holds an item of this kind.
    static func isUsable(in content: PersonalChange.Content) -> Bool?
    /// Writes the rows `changes` of this kind set (each of a different item, in their order): the
    /// removals, the rewrites of stored rows, then the upserts, in statements of many rows.
    static func write(_ changes: [(change: PersonalChange, content: PersonalChange.Content)], to db: Database) throws
}

/// What a change does to the row of its item.
enum PersonalRowWrite<Item> {
    /// Inserts the row, or rewrites the stored row of its key (but the columns its table keeps).
    case upsert(Item)
    /// Rewrites the stored row of its key; writes none when there is none.
    case rewrite(Item)
    /// Deletes the row of the key.
    case delete(key: String)
}

extension PersonalCodec {
    static func isUsable(_ item: Item) -> Bool { true }

    /// The change's item written as it is, and a removal deleting the row: what most kinds do.
    static func write(_ item: Item?, of change: PersonalChange) -> PersonalRowWrite<Item> {
        item.map(PersonalRowWrite.upsert) ?? .delete(key: change.key)
    }

    /// The change that sets `item`, with `version`, made at `date`.
    static func change(_ item: Item, version: Int64, at date: Date) -> PersonalChange {
        PersonalChange(kind: kind, key: key(item), value: value(of: item)?.json, version: version, changedAt: date)
    }

    /// The item `change` sets: nil for another kind, a removal, or a value this program cannot use.
    static func item(setBy change: PersonalChange) -> Item? {
        guard change.kind == kind, let text = change.value, let value = Value.decode(text) else { return nil }
        return item(value, of: change)
    }

    /// What `change`, of this kind, sets; nil for a value this program cannot use.
    static func content(of change: PersonalChange) -> PersonalChange.Content? {
        item(setBy: change).map(content)
    }

    /// Whether `content` can be used, when it holds an item of this kind.
    static func isUsable(in content: PersonalChange.Content) -> Bool? {
        item(in: content).map(isUsable)
    }

    static func write(_ changes: [(change: PersonalChange, content: PersonalChange.Content)], to db: Database) throws {
        var deletes: [String] = [], rewrites: [Item] = [], upserts: [Item] = []
        for (change, content) in changes {
            let item: Item?
            if case .removal = content {
                item = nil
            } else {
                // A value of another kind than the change's writes nothing.
                guard let set = self.item(in: content) else { continue }
                item = set
            }
            switch write(item, of: change) {
            case .delete(let key): deletes.append(key)
            case .rewrite(let row): rewrites.append(row)
            case .upsert(let row): upserts.append(row)
            }
        }
        try table.delete(keys: deletes, in: db)
        try table.upsert(rewrites, in: db, onlyStored: true)
        try table.upsert(upserts, in: db)
    }
}
