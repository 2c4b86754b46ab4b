import CSQLite
import Foundation

extension Database {
    /// A deterministic text rendering of the schema version, the schema and every row of every table,
    /// so two databases can be compared for exact equality.
    ///
    /// Virtual tables are skipped (their shadow tables are dumped); rows are sorted by all columns.
    public func dump() throws -> String {
        var output = "user_version \(try Migrator.version(of: self))\n"
        let tables = try fetchAll(
            "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ) { ($0.string(at: 0) ?? "", $0.string(at: 1) ?? "") }
        let others = try fetchAll(
            "SELECT type, name, sql FROM sqlite_schema WHERE type != 'table' AND sql IS NOT NULL ORDER BY type, name"
        ) { "\($0.string(at: 0) ?? "") \($0.string(at: 1) ?? ""): \($0.string(at: 2) ?? "")" }
        for line in others { output += line + "\n" }
        for (name, sql) in tables {
            output += "table \(name): \(sql)\n"
            if sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") { continue }
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let statement = try makeStatement("SELECT * FROM \(quoted)")
            let columns = statement.columnCount
            let order = (1...max(columns, 1)).map(String.init).joined(separator: ", ")
            let sorted = try makeStatement("SELECT * FROM \(quoted) ORDER BY \(order)")
            try sorted.forEachRow { row in
                output += "  "
                output += (0..<columns).map { Database.render(row.value(at: $0)) }.joined(separator: " | ")
                output += "\n"
            }
        }
        return output
    }

    private static func render(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return "\(number)r"
        case .text(let bytes): return "'" + bytes.map(escape).joined() + "'"
        case .blob(let bytes): return "x'" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }

    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "'"): return "''"
        case UInt8(ascii: "\\"): return "\\\\"
        case 0x20..<0x7F: return String(UnicodeScalar(byte))
        default: return String(format: "\\x%02x", byte)
        }
    }
}
