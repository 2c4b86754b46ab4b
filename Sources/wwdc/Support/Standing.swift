import ConferenceData
import ConferenceModel
import ConferenceSync
import PersonalSync
import Foundation
import SQLiteDatabase

/// Where a favorite or a rating stands, as `favorite list`, `feedback --list` and `session` say it:
/// `here only` when it has nowhere to go; else, for each place it goes, whether it is there (`sent
/// to the service`, `in the sync folder`) or waiting for it (`waiting for the service`, `waiting
/// for the sync folder`). Never "pending" for a change with nowhere to go, and never "in the sync
/// folder" for a change that went to another folder (the first sync with this one sends it).
struct Standing {
    /// Whether a sync folder is set.
    let hasFolder: Bool
    /// Whether the folder set is the one this store sent its state to (a change with a clock is in it).
    let folderHoldsState: Bool
    /// Whether the synced source has an account service.
    let hasService: Bool

    /// The places changes go from the store, as the settings and the last sync say.
    init(store: ConferenceStore, context: CommandContext) throws {
        let folder = try SyncFolderSupport.path(flag: nil, context)
        hasFolder = folder != nil
        folderHoldsState = try folder != nil && SyncFolderExchange.folderHoldingState(of: store) == folder
        hasService = try store.accountService() != nil
    }

    init(hasFolder: Bool, folderHoldsState: Bool = true, hasService: Bool) {
        self.hasFolder = hasFolder
        self.folderHoldsState = folderHoldsState
        self.hasService = hasService
    }

    /// The words for each of `items` (a session and the account service's state of its `kind`), by
    /// session, from the latest change of each in `db`.
    func texts(_ kind: PersonalKind, of items: [(sessionID: String, syncState: SyncState)], in db: Database) throws -> [String: String] {
        var texts: [String: String] = [:]
        for item in items { texts[item.sessionID] = text(item.syncState, change: try db.personalChange(kind, key: item.sessionID)) }
        return texts
    }

    /// The words for an item in `syncState` whose latest change is `change` (its clock says
    /// whether it is in the sync folder).
    func text(_ syncState: SyncState, change: PersonalChange?) -> String {
        var places: [String] = []
        var waiting: [String] = []
        if hasService || syncState == .synced {
            if syncState == .synced {
                places.append("sent to the service")
            } else if syncState == .pending && hasService {
                waiting.append("the service")
            }
        }
        if hasFolder {
            if change?.clock.isEmpty == false && folderHoldsState { places.append("in the sync folder") } else { waiting.append("the sync folder") }
        }
        if !waiting.isEmpty { places.append("waiting for " + waiting.joined(separator: " and ")) }
        return places.isEmpty ? "here only" : places.joined(separator: ", ")
    }
}
