import ConferenceModel
import SQLiteDatabase

/// The rows of one kind's table that changes write, for ``PersonalRows``.
protocol PersonalTableRows: AnyObject {
    func add(_ change: PersonalChange, _ content: PersonalChange.Content)
    func write(to db: Database) throws
}

/// The rows changes of `Codec`'s kind write, in the changes' order.
final class CodecRows<Codec: PersonalCodec>: PersonalTableRows {
    private var deletes: [String] = []
    private var rewrites: [Codec.Item] = []
    private var upserts: [Codec.Item] = []

    func add(_ change: PersonalChange, _ content: PersonalChange.Content) {
        let item: Codec.Item?
        if case .removal = content {
            item = nil
        } else {
            // A value of another kind than the change's writes nothing.
            guard let set = Codec.item(in: content) else { return }
            item = set
        }
        switch Codec.write(item, of: change) {
        case .delete(let key): deletes.append(key)
        case .rewrite(let row): rewrites.append(row)
        case .upsert(let row): upserts.append(row)
        }
    }

    func write(to db: Database) throws {
        try Codec.table.delete(keys: deletes, in: db)
        try Codec.table.upsert(rewrites, in: db, onlyStored: true)
        try Codec.table.upsert(upserts, in: db)
    }
}
