import Foundation
import SQLiteDatabase

extension Database {
    /// Keeps `found` as the last list a sync found, with when: it replaces the one kept, unless it
    /// is empty (a sync that found nothing leaves the last news for `whatsNew()` to show).
    public func keepWhatsNew(_ found: WhatsNew, at date: Date) throws {
        guard !found.isEmpty else { return }
        try execute("DELETE FROM whats_new")
        for kind in WhatsNew.Kind.allCases {
            for (position, item) in found[kind].enumerated() {
                try execute("INSERT INTO whats_new (kind, position, item_id, title) VALUES (?, ?, ?, ?)",
                            [kind.rawValue, position, item.id, item.title])
            }
        }
        try setSetting("whats_new_at", to: String(date.timeIntervalSince1970))
    }

    /// The last list a sync found and when it synced; nil when no sync has found anything new.
    public func whatsNew() throws -> (list: WhatsNew, syncedAt: Date)? {
        guard let text = try setting("whats_new_at"), let seconds = Double(text) else { return nil }
        var list = WhatsNew()
        let rows = try readAll("SELECT kind, item_id, title FROM whats_new ORDER BY kind, position") { row in
            (row.line("kind") ?? "", WhatsNew.Item(id: row.line("item_id") ?? "", title: row.line("title") ?? ""))
        }
        for (name, item) in rows {
            guard let kind = WhatsNew.Kind(rawValue: name) else { continue }
            list[kind].append(item)
        }
        return (list, Date(timeIntervalSince1970: seconds))
    }
}
