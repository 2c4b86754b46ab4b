import ConferenceData
import ConferenceSync
import Foundation
import PlainText

/// What `wwdc sync` says at the end, on stderr.
extension SyncSummary {
    /// The last line on a terminal or in a pipe.
    var line: String {
        switch status {
        case .succeeded:
            let unchangedNote = unchanged.isEmpty ? "" : ", \(unchanged.count) unchanged"
            return "Synced from \(source) in \(String(format: "%.2f", seconds)) s: \(Quantity.text(downloaded.count, "feed")) downloaded\(unchangedNote), "
                // After the sync folder's line, which may have said what came from other machines.
                + (rowsChanged > 0 ? Quantity.text(rowsChanged, "row") + " changed"
                   : (syncFolder?.received ?? 0) > 0 ? "nothing else changed" : "nothing changed")
                + (transcriptsFailed.isEmpty ? "" : "; " + Quantity.text(transcriptsFailed.count, "transcript") + " failed, will retry")
                + (skipped.isEmpty ? "." : "; " + skippedNote + " (see --verbose).")
        case .failed:
            return "Sync failed: \(error ?? "unknown error"). The store was left as it was."
        case .interrupted:
            return "Sync interrupted. The store was left as it was."
        }
    }

    /// `3 items skipped (contents.json 2, news.json 1)`.
    var skippedNote: String {
        var perFeed: [(String, Int)] = []
        for issue in skipped {
            if let index = perFeed.firstIndex(where: { $0.0 == issue.feed }) { perFeed[index].1 += 1 } else { perFeed.append((issue.feed, 1)) }
        }
        return Quantity.text(skipped.count, "item") + " skipped ("
            + perFeed.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ")"
    }

    /// "2 changes made here were not uploaded: not logged in; run 'wwdc login', then 'wwdc sync'", or
    /// with the uploads step's reason; nil when none are pending, or without an account service.
    var pendingNote: String? {
        guard let pendingCause else { return nil }
        let changes = Quantity.text(pendingChanges, "change") + " made here " + (pendingChanges == 1 ? "was" : "were") + " not uploaded"
        switch pendingCause {
        case .notLoggedIn:
            return changes + ": not logged in; run 'wwdc login', then 'wwdc sync'"
        case .notSent:
            let uploads = steps.first { $0.step == .uploads }
            return changes + (uploads?.detail.map { " (\($0))" } ?? "") + "; the next 'wwdc sync' tries again"
        }
    }

    /// "What's new: 3 new videos, 1 favorite moved: run 'wwdc whatsnew'."; nil when nothing is new.
    var whatsNewLine: String? {
        whatsNew.isEmpty ? nil : "What's new: " + whatsNew.countsText + ": run 'wwdc whatsnew'."
    }
}
