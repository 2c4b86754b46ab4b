import ConferenceModel
import SQLiteDatabase

/// Changes of personal data sorted into the rows they write, kind by kind, then written in
/// statements of many rows: the one way the writer (`Database.apply`) writes an item's table,
/// for one change as for thousands.
///
/// The notes' and bookmarks' triggers write the search index, which flushes what it holds at
/// every statement: once per few hundred items, not once per item. Each table is written in the
/// changes' order, its removals first, so the index holds its rows in the order one change at a
/// time would; the changes must each be of a different item.
struct PersonalRows {
    /// The changes of each kind whose value was read, by their codec's place in ``PersonalCodecs/all``.
    private var tables: [[(change: PersonalChange, content: PersonalChange.Content)]] = Array(repeating: [], count: PersonalCodecs.all.count)
    private var records: [PersonalChange] = []

    init(capacity: Int = 1) {
        records.reserveCapacity(capacity)
    }

    /// Takes `change`, whose value was read already (`content`, nil when it cannot be read): its
    /// item's row as its codec says (none for an unknown kind or an unreadable value), and the
    /// change as the latest of its item.
    mutating func add(_ change: PersonalChange, _ content: PersonalChange.Content?) {
        records.append(change)
        guard let content, let index = PersonalCodecs.all.firstIndex(where: { $0.kind == change.kind }) else { return }
        tables[index].append((change, content))
    }

    /// Writes every table, in the codecs' order, then the changes in `personal_changes`.
    func write(to db: Database) throws {
        for (codec, changes) in zip(PersonalCodecs.all, tables) where !changes.isEmpty { try codec.write(changes, to: db) }
        try Database.personalChangeTable.upsert(records, in: db)
    }
}
