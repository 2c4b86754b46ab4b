import ConferenceData
import ConferenceModel
import JSON

extension SyncSummary {
    /// `sync --json`: every field always there, `null` when unknown (``pendingCause`` is the
    /// program's, not a script's).
    public static let document = DocumentShape<SyncSummary>([
        .string("status", "ok, failed or interrupted", \.status.rawValue),
        .string("source", "where the feeds came from: an address, a folder or apple", \.source),
        .string("language", "the language of the feeds synced (en, jpn, ...); null when the config was not read", \.language),
        .string("database", "the store's file", \.database),
        .number("seconds", "how long the sync took", \.seconds),
        .list("steps", "each step, in order", stepDocument) { $0.steps },
        DocumentField("changes", .map(changeCounts.type), "rows inserted, updated and deleted, by kind of row (the record of checks included)") { summary, context in
            .object(summary.changes.mapValues { changeCounts.json($0, context) })
        },
        .integer("rowsChanged", "conference and personal rows changed (the record of checks not counted)", \.rowsChanged),
        .strings("downloaded", "the feeds downloaded (changed)", \.downloaded),
        .strings("unchanged", "the feeds the server answered not modified", \.unchanged),
        .list("skipped", "items the feeds held that were left out", issueDocument) { $0.skipped },
        .list("ignored", "values of kept items that were left out", issueDocument) { $0.ignored },
        .strings("transcriptsFailed", "content ids whose transcript could not be fetched; the next sync tries them again", \.transcriptsFailed),
        .integer("pendingChanges", "changes made here not uploaded yet", \.pendingChanges),
        DocumentField("whatsNew", whatsNew.type, "what the sync brought that was not there before (empty when it failed, and on a first sync)") { summary, context in
            whatsNew.json(WhatsNew.Found(list: summary.whatsNew, syncedAt: nil), context)
        },
        .object("syncFolder", "what the exchange with the sync folder did; null when there is none, or it did not run", syncFolderDocument) { $0.syncFolder },
        .string("error", "the one line that says what went wrong; null when nothing did", \.error),
        .string("hint", "how to fix it; null when there is nothing to say", \.hint),
    ])

    static let stepDocument = DocumentShape<Step>([
        .string("step", "the step's name (config, version-check, schedule, ...)", \.step.rawValue),
        .string("status", "ok, skipped, failed or cancelled", \.status.rawValue),
        .string("detail", "what it did, or why it was skipped or failed; null when there is nothing to say", \.detail),
        .number("seconds", "how long it took", \.seconds),
    ])

    static let changeCounts = DocumentShape<[String: Int]>(["inserted", "updated", "deleted"].map { name in
        DocumentField(name, .integer, "rows \(name)") { counts, _ in JSONValue(counts[name] ?? 0) }
    })

    static let issueDocument = DocumentShape<FeedIssue>([
        .string("feed", "the feed's file (contents.json)", \.feed),
        .string("item", "the item's id, or its place (contents[12]) when it has none", \.item),
        .string("field", "the field (media.duration, keywords[2]); null for the item as a whole", \.field),
        .string("reason", "why it could not be used", \.reason),
    ])

    /// What is new, without the time of the sync (the summary's own).
    static let whatsNew = WhatsNew.document.removing(["syncedAt"])

    static let syncFolderDocument = DocumentShape<SyncFolderCounts>([
        .string("path", "the folder", \.path),
        .integer("sent", "changes sent to it", \.sent),
        .integer("received", "changes received from it", \.received),
        .integer("machines", "the other machines whose changes it holds", \.machines),
        .integer("conflictCopies", "conflict copies a replicator made, read like the files they copy", \.conflictCopies),
        .strings("damaged", "files read up to their damage, with why", \.damaged),
        .strings("skipped", "unusable changes skipped (an id or a value), with where and how many", \.skipped),
        .integer("waiting", "changes made here the folder does not hold yet", \.waiting),
        .boolean("git", "whether the folder is exchanged with git", \.git),
        .string("gitRefused", "why git was not run in the folder (exchanged as a plain folder); null when it was not refused", \.gitRefused),
        .boolean("newFolder", "whether the whole state was sent, the folder being new to this store", \.newFolder),
        .string("previousFolder", "the folder the state went to before, when it was another; else null", \.previousFolder),
        .strings("unread", "files left for the next sync (over the bytes one sync reads)", \.unread),
        .string("stopped", "where the exchange stopped at its time limit (merge, compaction, git); null when it went to its end", \.stopped),
    ])
}
