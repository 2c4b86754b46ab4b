@testable import ConferenceData
@testable import ConferenceModel
@testable import PersonalSync
import Foundation
import JSON
import Operations
import TestTraits
import Testing

/// The sync folder: machines (stores) exchanging personal data through one folder, merged last
/// writer wins by hybrid logical clock; what replicators do to files; git as the replicator.
@Suite("sync folder", .offThePool)
struct SyncFolderTests {
    /// One machine: its store and its id, exchanging with `folder`.
    struct Machine {
        let store: ConferenceStore
        let id: String
        let folder: String
        var clock: @Sendable () -> Date = Date.init

        func exchange() throws -> SyncFolderReport {
            try SyncFolderExchange(folder: SyncFolder(path: folder, machine: id), store: store, now: clock).run()
        }

        func push() throws -> SyncFolderReport {
            try SyncFolderExchange(folder: SyncFolder(path: folder, machine: id), store: store, now: clock).push()
        }

        func edit(_ edit: PersonalEdit, at date: Date) throws {
            _ = try store.write { try $0.edit(edit, at: date) }
        }

        /// Everything personal, as comparable text.
        func state() throws -> [String] {
            try store.read { db in
                try db.allPersonalChanges().map { "\($0.kind.rawValue) \($0.key) \($0.value ?? "-")" }
                    + db.favorites().map { "fav \($0.sessionID)" }
                    + db.allWatchProgress().map { "progress \($0.sessionID) \($0.position ?? -1) \($0.watched)" }
                    + db.storedBookmarks().map { "bookmark \($0.id) \($0.time) \($0.note)" }
                    + db.storedNotes().map { "note \($0.sessionID) \($0.text)" }
            }
        }
    }

    static func machine(_ name: String, in temporary: TemporaryFolder, folder: String) throws -> Machine {
        Machine(store: try temporary.store(name + ".sqlite"), id: "machine-" + name, folder: folder)
    }

    static func sharedFolder(_ temporary: TemporaryFolder) throws -> String {
        let path = temporary.file("shared")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private let date = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 1000).rounded(.down) * 1000 - 30 * 86400)

    @Test("two machines: favorites, watched, positions, bookmarks and notes travel, removals too; the later change wins; each writes only its own files")
    func twoMachines() throws {
        let temporary = try TemporaryFolder()
        let shared = try Self.sharedFolder(temporary)
        let a = try Self.machine("a", in: temporary, folder: shared)
        let b = try Self.machine("b", in: temporary, folder: shared)
        try a.store.write { try $0.setFavorite(sessionID: "s1", true, at: self.date) }
        try a.edit(.markWatched(["s2"]), at: date)
        try a.edit(.recordPosition(session: "s3", position: 120, duration: 1000), at: date)
        try a.edit(.addBookmark(session: "s3", time: 60, note: "look"), at: date)
        try a.edit(.setNote(session: "s4", text: "from a"), at: date)
        #expect(try a.exchange().sent == 5)
        let received = try b.exchange()
        #expect(received.received == 5)
        #expect(received.machines == 1)
        #expect(try b.store.read { try $0.favorites().map(\.sessionID) } == ["s1"])
        #expect(try b.store.read { try $0.watchProgress(sessionID: "s2")?.watched } == true)
        #expect(try b.store.read { try $0.watchProgress(sessionID: "s3")?.position } == 120)
        #expect(try b.store.read { try $0.storedBookmarks().map(\.note) } == ["look"])
        #expect(try b.store.read { try $0.storedNote(sessionID: "s4")?.text } == "from a")
        #expect(try a.state() == b.state())

        // Removals travel.
        try b.store.write { try $0.setFavorite(sessionID: "s1", false, at: self.date.addingTimeInterval(10)) }
        try b.edit(.clearNote(session: "s4"), at: date.addingTimeInterval(10))
        _ = try b.exchange()
        _ = try a.exchange()
        #expect(try a.store.read { try $0.favorites().map(\.sessionID) }.isEmpty)
        #expect(try a.store.read { try $0.storedNote(sessionID: "s4") } == nil)

        // Both change the same note between syncs: the later one wins on both.
        try a.edit(.setNote(session: "s5", text: "a, later"), at: date.addingTimeInterval(30))
        try b.edit(.setNote(session: "s5", text: "b, earlier"), at: date.addingTimeInterval(20))
        _ = try b.exchange()
        _ = try a.exchange()
        _ = try b.exchange()
        #expect(try a.store.read { try $0.storedNote(sessionID: "s5")?.text } == "a, later")
        #expect(try b.store.read { try $0.storedNote(sessionID: "s5")?.text } == "a, later")
        #expect(try a.state() == b.state())

        let files = try FileManager.default.contentsOfDirectory(atPath: shared).sorted()
        #expect(files == ["machine-a.journal", "machine-b.journal"], "each machine wrote only its own files")
        for file in files {
            let machine = file.replacingOccurrences(of: ".journal", with: "")
            let text = try String(contentsOfFile: shared + "/" + file, encoding: .utf8)
            let clocks = text.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["clock"] as? String
            }
            #expect(!clocks.isEmpty && clocks.allSatisfy { $0.hasSuffix("-" + machine) }, "\(file) holds only \(machine)'s changes")
        }
    }

    @Test("a machine whose clock is an hour behind: its change made after receiving a later-dated one still wins")
    func clockSkew() throws {
        let temporary = try TemporaryFolder()
        let shared = try Self.sharedFolder(temporary)
        var slow = try Self.machine("slow", in: temporary, folder: shared)
        var fast = try Self.machine("fast", in: temporary, folder: shared)
        let fastNow = date.addingTimeInterval(3600)
        fast.clock = { fastNow }
        try fast.edit(.setNote(session: "s1", text: "fast, first"), at: fastNow)
        _ = try fast.exchange()
        let slowNow = date.addingTimeInterval(10)
        slow.clock = { slowNow }
        _ = try slow.exchange()
        #expect(try slow.store.read { try $0.storedNote(sessionID: "s1")?.text } == "fast, first")
        // Made after it saw the fast machine's change, though its clock says an hour earlier.
        try slow.edit(.setNote(session: "s1", text: "slow, after"), at: slowNow.addingTimeInterval(1))
        _ = try slow.exchange()
        _ = try fast.exchange()
        #expect(try fast.store.read { try $0.storedNote(sessionID: "s1")?.text } == "slow, after")
        #expect(try slow.store.read { try $0.storedNote(sessionID: "s1")?.text } == "slow, after")
    }

    @Test("3 machines × 300 random changes, random syncs, clocks up to an hour apart: all end equal to the changes applied in clock order")
    func randomized() throws {
        var random = SeededRandom(seed: UInt64(Date().timeIntervalSince1970))
        let seed = random.state
        let temporary = try TemporaryFolder()
        let shared = try Self.sharedFolder(temporary)
        var machines = try ["a", "b", "c"].map { try Self.machine($0, in: temporary, folder: shared) }
        let skews = machines.map { _ in Double(random.next(upTo: 7200)) - 3600 }
        var elapsed = 0.0
        let sessions = (0..<12).map { "s\($0)" }
        for step in 0..<900 {
            let index = Int(random.next(upTo: 3))
            let machine = machines[index]
            elapsed += Double(random.next(upTo: 5000)) / 1000
            let now = date.addingTimeInterval(elapsed + skews[index])
            machines[index].clock = { now }
            if random.next(upTo: 5) == 0 {
                _ = try machines[index].exchange()
                continue
            }
            let session = sessions[Int(random.next(upTo: UInt64(sessions.count)))]
            switch random.next(upTo: 6) {
            case 0: try machine.store.write { try $0.setFavorite(sessionID: session, random.next(upTo: 2) == 0, at: now) }
            case 1: try machine.edit(.markWatched([session]), at: now)
            case 2: try machine.edit(.recordPosition(session: session, position: Double(random.next(upTo: 900)), duration: 1000), at: now)
            case 3: try machine.edit(.markUnwatched([session]), at: now)
            case 4: try machine.edit(.setNote(session: session, text: "note \(step)"), at: now)
            default: try machine.edit(.clearNote(session: session), at: now)
            }
        }
        // Two rounds: everyone sends, then everyone has received everything.
        for _ in 0..<2 { for machine in machines { _ = try machine.exchange() } }
        let states = try machines.map { try $0.state() }
        #expect(states[0] == states[1], "seed \(seed)")
        #expect(states[1] == states[2], "seed \(seed)")

        // The model: every change of every journal, applied in clock order.
        let changes = try SyncFolder(path: shared, machine: "model").allChanges()
        var model: [String: PersonalChange] = [:]
        for change in changes.sorted(by: { $0.clock < $1.clock }) { model["\(change.kind.rawValue) \(change.key)"] = change }
        let merged = try machines[0].store.read { try $0.allPersonalChanges() }
        #expect(merged.map { "\($0.kind.rawValue) \($0.key) \($0.value ?? "-") \($0.clock)" }
                == model.values.sorted { ($0.kind.rawValue, $0.key) < ($1.kind.rawValue, $1.key) }
                    .map { "\($0.kind.rawValue) \($0.key) \($0.value ?? "-") \($0.clock)" }, "seed \(seed)")
        // Clock skew never reorders one machine's own changes: its clocks rise with its versions.
        for machine in machines {
            let lines = try String(contentsOfFile: shared + "/\(machine.id).journal", encoding: .utf8).split(separator: "\n").dropFirst()
            let clocks = lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["clock"] as? String }
            #expect(clocks == clocks.sorted(), "seed \(seed)")
        }
    }

    @Test("replicator damage: a torn last line, conflict copies of three kinds, a newer version's kinds, a deleted journal")
    func replicatorDamage() throws {
        let temporary = try TemporaryFolder()
        let shared = try Self.sharedFolder(temporary)
        let b = try Self.machine("b", in: temporary, folder: shared)
        func line(_ kind: String, _ key: String, _ value: String?, wall: Int64, machine: String) -> String {
            JournalLine.encode(PersonalChange(kind: PersonalKind(rawValue: kind), key: key, value: value, version: 0,
                                              changedAt: date, clock: HybridTimestamp(wall: wall, counter: 0, machine: machine).description))
        }
        let wall = Int64(date.timeIntervalSince1970 * 1000)
        let note = { (text: String) in #"{"text":"\#(text)"}"# }
        // A journal copied half-way: the torn last line is left out, the whole ones read.
        try (JournalLine.header(machine: "torn", role: .journal) + line("note", "t1", note("whole"), wall: wall, machine: "torn")
             + String(line("note", "t2", note("torn"), wall: wall, machine: "torn").dropLast()))
            .write(toFile: shared + "/torn.journal", atomically: true, encoding: .utf8)
        // Conflict copies: Syncthing's, Dropbox's (and Nextcloud's), ownCloud's.
        try line("note", "c1", note("syncthing"), wall: wall, machine: "x").write(
            toFile: shared + "/x.sync-conflict-20261126-052418-2CJNGFT.journal", atomically: true, encoding: .utf8)
        try line("note", "c2", note("dropbox"), wall: wall, machine: "x").write(
            toFile: shared + "/x (Anna's conflicted copy 2024-05-01).journal", atomically: true, encoding: .utf8)
        try line("note", "c3", note("owncloud"), wall: wall, machine: "x").write(
            toFile: shared + "/x_conflict-20180410-093612.journal", atomically: true, encoding: .utf8)
        // A newer wwdc: a kind this one does not know is kept, the known ones used; garbage lines skipped.
        try (line("playlist", "p1", #"{"items":[1]}"#, wall: wall, machine: "new") + line("note", "n1", note("new"), wall: wall, machine: "new")
             + "not json at all\n" + #"{"clock":"1","kind":"note","key":"k","value":null,"at":1}"# + "\n")
            .write(toFile: shared + "/new.snapshot", atomically: true, encoding: .utf8)
        // Files that are not wwdc's are left alone.
        try "x".write(toFile: shared + "/.syncthing.x.journal.tmp", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: shared + "/.stfolder", withIntermediateDirectories: true)

        let report = try b.exchange()
        #expect(report.conflictCopies == 3)
        #expect(report.damage.count == 1 && report.damage[0].hasPrefix("new.snapshot"), "\(report.damage)")
        #expect(try b.store.read { try $0.storedNote(sessionID: "t2") } == nil, "a line without its newline is not whole yet")
        let notes = try b.store.read { try $0.storedNotes().map { "\($0.sessionID) \($0.text)" } }
        #expect(notes == ["c1 syncthing", "c2 dropbox", "c3 owncloud", "n1 new", "t1 whole"])
        #expect(try b.store.read { try $0.personalChange(PersonalKind(rawValue: "playlist"), key: "p1") }?.value == #"{"items":[1]}"#)

        // The torn journal grows whole: the line arrives with the next sync.
        try (JournalLine.header(machine: "torn", role: .journal) + line("note", "t1", note("whole"), wall: wall, machine: "torn")
             + line("note", "t2", note("torn"), wall: wall, machine: "torn"))
            .write(toFile: shared + "/torn.journal", atomically: true, encoding: .utf8)
        #expect(try b.exchange().received == 1)

        // A journal deleted: what was merged stays; a new machine learns it from b's snapshot once b compacts.
        try FileManager.default.removeItem(atPath: shared + "/torn.journal")
        _ = try b.exchange()
        #expect(try b.store.read { try $0.storedNote(sessionID: "t2")?.text } == "torn")
        let c = try Self.machine("c", in: temporary, folder: shared)
        try SyncFolder(path: shared, machine: b.id).compact(state: try b.store.read { try $0.allPersonalChanges() })
        _ = try c.exchange()
        #expect(try c.store.read { try $0.storedNote(sessionID: "t2")?.text } == "torn")
        #expect(try c.store.read { try $0.personalChange(PersonalKind(rawValue: "playlist"), key: "p1") } != nil,
                "an unknown kind is passed on")
    }

    @Test("a read-only folder or one that disappears: the change waits here and goes out with the next exchange")
    func unreachableFolder() async throws {
        let temporary = try TemporaryFolder()
        let shared = try Self.sharedFolder(temporary)
        let a = try Self.machine("a", in: temporary, folder: shared)
        let settings = SyncFolderSettings(path: shared, machine: a.id, timeLimit: 30)

        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: shared)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: shared) }
        let readOnly = getuid() != 0
        let first = ChangePersonalDataOperation(edit: .setNote(session: "s1", text: "one"), store: a.store, at: date,
                                                backends: [SyncFolderBackend(settings: settings)])
        let queue = AdvancedOperationQueue()
        queue.addOperation(first)
        _ = await first.finishedErrors()
        if readOnly {
            #expect(first.pushFailures.first.map { "\($0.error)" } == SyncFolderError.notWritable(path: shared).description)
            #expect(try a.store.read { try $0.unclockedPersonalChanges().count } == 1)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: shared)

        // The folder goes away (unmounted): nothing is created in its place; the change waits.
        try FileManager.default.removeItem(atPath: shared)
        let second = ChangePersonalDataOperation(edit: .setNote(session: "s2", text: "two"), store: a.store, at: date,
                                                 backends: [SyncFolderBackend(settings: settings)])
        queue.addOperation(second)
        _ = await second.finishedErrors()
        #expect(second.pushFailures.map { "\($0.error)" } == [SyncFolderError.missing(path: shared).description])
        #expect(!FileManager.default.fileExists(atPath: shared))
        #expect(throws: SyncFolderError.missing(path: shared)) { try a.exchange() }
        #expect(try a.store.read { try $0.unclockedPersonalChanges().map(\.key) }.contains("s2"))

        // Back: the next exchange sends what waited.
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(try a.exchange().sent >= 1)
        #expect(try a.store.read { try $0.unclockedPersonalChanges().count } == 0)
    }

    @Test("a folder that does not answer: the step gives up at its time limit and the sync goes on")
    func timeLimit() async throws {
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        await #expect(throws: SyncFolderError.timedOut(path: "/hung", seconds: 0.2)) {
            try await TimeLimited<Bool>.run(seconds: 0.2, path: "/hung") { () -> Bool in
                gate.wait()
                return true
            }
        }
    }

    @Test("journal lines written and read directly: the same changes as JSONSerialization reads, escapes and odd lines included")
    func journalLines() throws {
        let clock = HybridTimestamp(wall: 1_780_000_000_123, counter: 7, machine: "m-1").description
        let texts = ["plain", "quote \" backslash \\ slash /", "tab\tnew\nline\r\u{08}\u{0C}\u{01}\u{1F}", "été ✓ 😀 \u{2028}", ""]
        var changes = texts.enumerated().map { index, text in
            PersonalChange(kind: .note, key: "k\(index)", value: #"{"text":"# + String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) + "}",
                           version: 0, changedAt: Date(timeIntervalSince1970: 1_780_000_000.25 + Double(index)), clock: clock)
        }
        changes.append(PersonalChange(kind: .favorite, key: "s", value: nil, version: 0, changedAt: Date(timeIntervalSince1970: 1_780_000_000), clock: clock))
        // A key of any text, for a kind of a newer wwdc (a known kind's key is an id).
        changes.append(PersonalChange(kind: PersonalKind(rawValue: "later"), key: "k \"x\" \\ \n", value: nil, version: 0,
                                      changedAt: Date(timeIntervalSince1970: 1_780_000_000), clock: clock))
        let text = changes.map(JournalLine.encode).joined()
        for (line, change) in zip(text.split(separator: "\n"), changes) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "valid JSON: \(line)")
            #expect(object["key"] as? String == change.key && object["value"] as? String == change.value && object["clock"] as? String == clock)
            #expect((object["at"] as? NSNumber)?.doubleValue == change.changedAt.timeIntervalSince1970)
        }
        #expect(JournalLine.read(Data(text.utf8)).changes == changes)
        // Lines wwdc does not write: other spacing, order, escapes and members are read as JSONSerialization reads them.
        let odd = [
            #"{ "value" : "v\u00e9\ud83d\ude00" , "kind":"note", "extra": [1, {"a": true}], "key":"k", "at": 1.78e9, "clock":"\#(clock)" } "#,
            #"{"at":1780000000,"clock":"\#(clock)","key":"k","kind":"note","value":true}"#,
            #"{"at":"soon","clock":"\#(clock)","key":"k","kind":"note","value":null}"#,
            #"{"at":1780000000,"clock":"+00001780000000123-000007-m-1","key":"k","kind":"note","value":null}"#,
        ]
        let reading = JournalLine.read(Data((odd.joined(separator: "\n") + "\n").utf8))
        #expect(reading.changes.map(\.value) == [#"v\#u{E9}\#u{1F600}"#, nil])
        #expect(reading.changes.map(\.clock) == [clock, clock], "a clock that reads as one is kept in its own form")
        #expect(reading.damaged == 2)
    }

    /// The earlier wwdc (before lines and values were read on JSON's scanner) read a line and a
    /// value with `FlatJSONObject` first, kept here as it was: what it reads there, member for member, it reads.
    @Test("lines and values written here are read member for member by an earlier wwdc's reader (FlatJSONObject): hostile text, every kind, a header")
    func linesReadByTheEarlierReader() throws {
        let clock = HybridTimestamp(wall: 1_780_000_000_123, counter: 7, machine: "m-1").description
        let hostile = "quote \" backslash \\ slash / tab\t\n\r\u{0}\u{8}\u{C}\u{1B}[31m\u{7F} é 😀 \u{2028}\u{2029}\u{85}"
        let date = Date(timeIntervalSince1970: 1_780_000_000.25)
        let changes = [
            PersonalChange.note(SessionNote(sessionID: "wwdc2026-101", text: hostile, updatedAt: date), version: 0),
            .bookmark(Bookmark(id: "b1", sessionID: "wwdc2026-101", time: 61.5, note: hostile, createdAt: date), version: 0, at: date),
            .progress(WatchProgress(sessionID: "wwdc2026-102", position: 12.25, duration: nil, watched: false, updatedAt: date), version: 0),
            .favorite(session: "wwdc2026-103", true, version: 0, at: date),
            .removal(.note, key: "wwdc2026-104", version: 0, at: date),
            PersonalChange(kind: PersonalKind(rawValue: "later"), key: hostile, value: hostile, version: 0, changedAt: date),
        ].map { change in
            var change = change
            change.clock = clock
            return change
        }
        for change in changes {
            let line = JournalLine.encode(change)
            let object = try #require(FlatJSONObject(String(line.dropLast())), "read flat: \(line)")
            #expect(object["clock"] == .string(change.clock) && object["key"] == .string(change.key) && object["kind"] == .string(change.kind.rawValue))
            #expect(object["value"] == (change.value.map(FlatJSONObject.Value.string) ?? .null), "\(line)")
            #expect(object["at"] == .number(change.changedAt.timeIntervalSince1970, isInteger: false), "\(line)")
        }
        // The values in them, as that wwdc read a value: directly, member for member.
        let values = try changes.prefix(4).map { change in
            let text = try #require(change.value)
            return try #require(FlatJSONObject(text), "read flat: \(text)")
        }
        #expect(values[0]["text"] == .string(hostile))
        #expect(values[1]["note"] == .string(hostile) && values[1]["session"] == .string("wwdc2026-101")
                && values[1]["time"] == .number(61.5, isInteger: false) && values[1]["created"] == .number(1_780_000_000.25, isInteger: false))
        #expect(values[2]["position"] == .number(12.25, isInteger: false) && values[2]["duration"] == nil && values[2]["watched"] == .bool(false))
        #expect(values[3]["favorite"] == .bool(true))
        #expect(values.allSatisfy { !$0.hasRepeatedKey })
        let header = try #require(FlatJSONObject(String(JournalLine.header(machine: "m-1", role: .snapshot).dropLast())))
        #expect(header["wwdc"] == .string("snapshot") && header["machine"] == .string("m-1") && header["clock"] == nil)
    }

    @Test("values read directly as JSONDecoder reads them: escapes, surrogate pairs, numbers, unknown members, spacing, repeated keys")
    func valuesReadDirectly() throws {
        let date = Date(timeIntervalSince1970: 1_780_000_000)
        func change(_ kind: PersonalKind, _ value: String) -> PersonalChange {
            PersonalChange(kind: kind, key: "wwdc2026-101", value: value, version: 0, changedAt: date)
        }
        // Escapes and a pair of \u escapes making one character; spacing and members of a newer wwdc.
        #expect(change(.note, #" { "extra" : [1, {"a": true}], "text" : "a\"b\\c\/d\n\u00e9\ud83d\ude00" } "#).note?.text == "a\"b\\c/d\né😀")
        #expect(change(.note, #"{"text":"x","newer":{"nested":1}}"#).note?.text == "x")
        #expect(change(.note, #"{"text":"\ud83d"}"#).note == nil, "half a surrogate pair")
        #expect(change(.note, #"{"text":5}"#).note == nil)
        // Numbers: a fraction or an exponent is a Double; an integer field takes only what JSONDecoder takes.
        let progress = change(.progress, #"{"duration":3.0e3,"position":15e-1,"watched":true}"#).watchProgress
        #expect(progress?.duration == 3000 && progress?.position == 1.5 && progress?.watched == true)
        #expect(change(.progress, #"{"duration":null,"watched":false}"#).watchProgress?.duration == nil)
        #expect(change(.progress, #"{"position":1e400,"watched":false}"#).watchProgress == nil, "too large for a Double")
        #expect(change(.progress, #"{"position":12,"watched":1}"#).watchProgress == nil, "a number is not a Bool")
        let rating = #"{"comment":"","content":null,"id":"0c1f7a52-52c4-4d55-9d4e-8c6c0a1e5e11","overall":OVERALL}"#
        for overall in ["4", "4.0", "4.5", "4e0", "9007199254740993", "-4"] {
            struct Overall: Decodable { var overall: Int }
            let expected = try? JSONDecoder().decode(Overall.self, from: Data(#"{"overall":\#(overall)}"#.utf8)).overall
            let read = change(.rating, rating.replacingOccurrences(of: "OVERALL", with: overall)).rating?.overall
            #expect(read == expected.flatMap { (1...5).contains($0) ? $0 : nil }, "overall \(overall)")
        }
        // A repeated member: as JSONDecoder decides.
        let repeated = #"{"text":"first","text":"second"}"#
        let decoded = try? JSONDecoder().decode([String: String].self, from: Data(repeated.utf8))["text"]
        #expect(change(.note, repeated).note?.text == decoded)
        // A favorite's value says it is one; anything else is unusable.
        #expect(change(.favorite, #"{"favorite":true}"#).isUsable && !change(.favorite, #"{"favorite":false}"#).isUsable)
        #expect(!change(.favorite, #"{"favorite":"yes"}"#).isUsable)
    }

    @Test("strings read on JSON's scanner: ASCII and UTF-8, with and without escapes, as JSONSerialization reads them; bytes that are not UTF-8 refused")
    func stringsReadDirectly() throws {
        func read(_ bytes: [UInt8]) -> String? {
            (try? JSONValue.parse(Data(bytes)))?["text"]?.stringValue
        }
        let head = Array(#"{"text":""#.utf8), tail = Array(#""}"#.utf8)
        for text in [#"plain ascii"#, #"ascii \"with\" escapes\n"#, "caf\u{e9} \u{1F600}", #"caf\u00e9 and \"quotes\""#, "\u{e9}\\t\u{4e2d}"] {
            let bytes = head + Array(text.utf8) + tail
            let expected = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: String]
            #expect(read(bytes) == expected?["text"], "\(text)")
        }
        // Not UTF-8: a lone continuation byte, a cut sequence; plain and after an escape.
        for bad: [UInt8] in [[0x61, 0x80, 0x62], [0x61, 0xc3], [0x5c, 0x6e, 0xe2, 0x82], [0x5c, 0x22, 0xff]] {
            #expect(read(head + bad + tail) == nil, "\(bad)")
        }
    }

    @Test("changes received in bulk leave the store as applying them one by one does: tables, versions, the search index and its rows")
    func receivedInBulk() throws {
        let temporary = try TemporaryFolder()
        let bulk = try temporary.store("bulk.sqlite"), single = try temporary.store("single.sqlite")
        // The same items there already, to be rewritten or removed.
        for store in [bulk, single] {
            try store.write { db in
                for index in 0..<300 {
                    _ = try db.edit(.setNote(session: "s\(index)", text: "old note \(index) marmot"), at: self.date)
                    _ = try db.edit(.recordPosition(session: "s\(index)", position: 10, duration: 100), at: self.date)
                    try db.apply(.bookmark(Bookmark(id: "b\(index)", sessionID: "s\(index % 7)", time: 30, note: "old marmot",
                                                    createdAt: self.date), version: 0, at: self.date))
                }
            }
        }
        // More rows than one statement carries, every kind, removals, and a kind of a newer wwdc, in clock order.
        var changes: [PersonalChange] = []
        func add(_ change: PersonalChange) {
            var change = change
            change.clock = HybridTimestamp(wall: Int64(date.timeIntervalSince1970 * 1000) + Int64(changes.count), counter: 0, machine: "m").description
            changes.append(change)
        }
        let later = date.addingTimeInterval(60)
        for index in 0..<1_200 {
            switch index % 6 {
            case 0: add(.note(SessionNote(sessionID: "s\(index / 2)", text: "note \(index) marmot zebra", updatedAt: later), version: 0))
            case 1: add(.removal(index % 4 == 1 ? .note : .bookmark, key: index % 4 == 1 ? "s\(index / 4 + 1)" : "b\(index / 8)", version: 0, at: later))
            case 2: add(.progress(WatchProgress(sessionID: "p\(index)", position: Double(index), duration: nil, watched: index % 4 == 0,
                                                updatedAt: later), version: 0))
            case 3: add(.removal(.progress, key: "s\(index / 3)", version: 0, at: later))
            case 4: add(index % 12 == 4 ? .favorite(session: "f\(index)", true, version: 0, at: later)
                        : PersonalChange(kind: PersonalKind(rawValue: "sticker"), key: "k\(index)", value: #"{"x":1}"#, version: 0, changedAt: later))
            default: break
            }
            add(.bookmark(Bookmark(id: index < 150 ? "b\(299 - index)" : "n\(index)", sessionID: "s\(index % 9)", time: Double(index % 5),
                                   note: "bookmark \(index) zebra", createdAt: later), version: 0, at: later))
        }
        try bulk.write { try $0.applyReceived(changes.map { ($0, $0.content) }) }
        try single.write { db in
            let first = try db.nextChangeVersions(changes.count)
            for (offset, change) in changes.enumerated() {
                var change = change
                change.version = first + Int64(offset)
                try db.apply(change)
            }
        }
        // Every table as it is but the index's own (its segments differ); the index's rows by kind in their order.
        func state(_ store: ConferenceStore) throws -> [String] {
            try store.write { db in
                let dump = try db.dump().split(separator: "\n").map(String.init)
                var tables: [String] = [], inIndex = false
                for line in dump {
                    if line.hasPrefix("table ") { inIndex = line.hasPrefix("table personal_search") }
                    if !inIndex { tables.append(line) }
                }
                let index = try db.fetchAll("SELECT kind, ref, session_id, time, text FROM personal_search ORDER BY kind, rowid") { row in
                    (0..<5).map { row.string(at: $0) ?? "-" }.joined(separator: " ")
                }
                let found = try db.fetchInt("""
                    SELECT count(*) FROM personal_search_rows r JOIN personal_search p ON p.rowid = r.search_row AND p.kind = r.kind AND p.ref = r.ref
                    """)
                let counts = try db.fetchInt("SELECT (SELECT count(*) FROM personal_search) * 1000000 + (SELECT count(*) FROM personal_search_rows)")
                try db.execute(sql: "INSERT INTO personal_search (personal_search) VALUES ('integrity-check')")
                return tables + index + ["rows found \(found ?? -1)", "counts \(counts ?? -1)"]
            }
        }
        let expected = try state(single)
        #expect(expected.count > 2_000)
        #expect(try state(bulk) == expected)
        for words in ["zebra", "marmot", "note 600", "bookmark"] {
            #expect(try SearchEverywhereTests.search(bulk, words, limit: 400).map { "\($0)" }
                    == SearchEverywhereTests.search(single, words, limit: 400).map { "\($0)" }, "\(words)")
        }
    }

    @Test("two stores sharing one config folder are two machines: the home store writes as the machine id, another as an id of its own")
    func twoStoresOneMachineID() throws {
        let temporary = try TemporaryFolder()
        let shared = try Self.sharedFolder(temporary)
        let home = try temporary.store("home.sqlite")
        let other = try temporary.store("other.sqlite")
        let settings = SyncFolderSettings(path: shared, machine: "0123456789abcdef", homeStore: home.path)
        #expect(settings.machine(for: home.path) == "0123456789abcdef")
        let otherID = settings.machine(for: other.path)
        #expect(otherID.hasPrefix("0123456789abcdef-") && MachineID.isValid(otherID), "\(otherID)")
        // The same store by another path (a link) is the same machine; every run gives the same id.
        let link = temporary.file("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: other.path)
        #expect(settings.machine(for: link) == otherID)
        #expect(SyncFolderSettings(path: shared, machine: "0123456789abcdef", homeStore: home.path).machine(for: other.path) == otherID)

        try home.write { try $0.setFavorite(sessionID: "s1", true, at: self.date) }
        try other.write { try $0.setFavorite(sessionID: "s2", true, at: self.date) }
        for _ in 0..<2 {
            for store in [home, other] { _ = try SyncFolderExchange(folder: settings.folder(for: store.path), store: store).run() }
        }
        let journals = try FileManager.default.contentsOfDirectory(atPath: shared).filter { $0.hasSuffix(".journal") }.sorted()
        #expect(journals == [otherID + ".journal", "0123456789abcdef.journal"], "\(journals)")
        #expect(try home.read { try $0.favorites().map(\.sessionID) } == ["s1", "s2"])
        #expect(try other.read { try $0.favorites().map(\.sessionID) } == ["s1", "s2"])
    }

    @Test("conflict markers of Syncthing, Dropbox, Nextcloud and ownCloud map back to the machine's file")
    func conflictNames() {
        for name in ["m.sync-conflict-20261126-052418-2CJNGFT.journal", "m (Anna's conflicted copy 2024-05-01).journal",
                     "m (Anna's conflicted copy 2024-05-01) (1).journal", "m (conflicted copy).journal", "m (Conflicted copy).journal",
                     "m (conflicted copy 2018-04-10 093612).journal", "m (conflicted copy anna 2018-04-10 093612).journal",
                     "m_conflict-20180410-093612.journal"] {
            #expect(SyncFolderFileName.parse(name).map { "\($0.machine) \($0.role) \($0.isConflictCopy)" } == "m journal true", "\(name)")
        }
        #expect(SyncFolderFileName.parse("m.snapshot").map { "\($0.machine) \($0.role) \($0.isConflictCopy)" } == "m snapshot false")
        for name in [".m.journal", "m.journal.tmp", "~m.journal", "M.journal", "../m.journal", "m.txt", ".syncthing.m.journal.tmp"] {
            #expect(SyncFolderFileName.parse(name) == nil, "\(name)")
        }
    }
}

extension SyncFolder {
    /// Every change of every file, as read.
    func allChanges() throws -> [PersonalChange] {
        var changes: [PersonalChange] = []
        _ = try read { changes.append($0) }
        return changes
    }
}

/// A small deterministic generator (xorshift), so a failing run can be told by its seed.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x9E3779B97F4A7C15 : seed }
    mutating func next(upTo bound: UInt64) -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state % bound
    }
}

/// git as the replicator: a bare repository and two clones, the real git.
@Suite("sync folder on git", .offThePool)
struct SyncFolderGitTests {
    private let date = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 1000).rounded(.down) * 1000 - 30 * 86400)

    static func git(_ arguments: [String], in folder: String) throws -> GitReplica.Result {
        try GitReplica.run(arguments, in: folder)
    }

    @Test("A and B alternate changes and syncs through a bare remote, a non-fast-forward push included: both converge, no conflict left")
    func alternate() throws {
        let temporary = try TemporaryFolder()
        let remote = temporary.file("remote.git")
        #expect(try Self.git(["init", "--quiet", "--bare", "--initial-branch=main", remote], in: temporary.path).status == 0)
        for name in ["a", "b"] {
            #expect(try Self.git(["clone", "--quiet", remote, temporary.file("clone-" + name)], in: temporary.path).status == 0)
            _ = try Self.git(["checkout", "--quiet", "-B", "main"], in: temporary.file("clone-" + name))
        }
        let a = SyncFolderTests.Machine(store: try temporary.store("a.sqlite"), id: "machine-a", folder: temporary.file("clone-a"))
        let b = SyncFolderTests.Machine(store: try temporary.store("b.sqlite"), id: "machine-b", folder: temporary.file("clone-b"))

        try a.edit(.setNote(session: "s1", text: "a1"), at: date)
        #expect(try a.exchange().git)
        try b.edit(.setNote(session: "s2", text: "b1"), at: date.addingTimeInterval(1))
        _ = try b.exchange()
        #expect(try b.store.read { try $0.storedNote(sessionID: "s1")?.text } == "a1")

        // A pushes at once (a command's push) without having pulled B's commit: not a fast-forward,
        // so it pulls (rebases) and pushes again.
        try a.edit(.setNote(session: "s3", text: "a2"), at: date.addingTimeInterval(2))
        #expect(try a.push().sent == 1)
        try b.edit(.setNote(session: "s1", text: "b2, later"), at: date.addingTimeInterval(3))
        _ = try b.exchange()
        _ = try a.exchange()
        _ = try b.exchange()
        for machine in [a, b] {
            #expect(try machine.store.read { try $0.storedNotes().map { "\($0.sessionID) \($0.text)" } } == ["s1 b2, later", "s2 b1", "s3 a2"])
            let status = try Self.git(["status", "--porcelain"], in: machine.folder)
            #expect(status.output.isEmpty, "a clean work tree: \(status.output)")
            #expect(!FileManager.default.fileExists(atPath: machine.folder + "/.git/rebase-merge"))
        }
        let log = try Self.git(["log", "--format=%s", "main"], in: remote)
        #expect(log.output.contains("machine-a") && log.output.contains("machine-b"))
    }

    @Test("git's errors are told in wwdc's words: a remote that is gone")
    func remoteGone() throws {
        let temporary = try TemporaryFolder()
        let remote = temporary.file("remote.git")
        _ = try Self.git(["init", "--quiet", "--bare", "--initial-branch=main", remote], in: temporary.path)
        _ = try Self.git(["clone", "--quiet", remote, temporary.file("clone")], in: temporary.path)
        _ = try Self.git(["checkout", "--quiet", "-B", "main"], in: temporary.file("clone"))
        try FileManager.default.removeItem(atPath: remote)
        let a = SyncFolderTests.Machine(store: try temporary.store("a.sqlite"), id: "machine-a", folder: temporary.file("clone"))
        try a.edit(.setNote(session: "s1", text: "a1"), at: date)
        do {
            _ = try a.exchange()
            Issue.record("expected git to fail")
        } catch let error as SyncFolderError {
            guard case let .git(step, detail) = error else { Issue.record("\(error)"); return }
            #expect(step == "pull")
            #expect(error.description.hasPrefix("git could not pull the sync folder: ") && !detail.isEmpty, "\(error)")
        }
    }
}
