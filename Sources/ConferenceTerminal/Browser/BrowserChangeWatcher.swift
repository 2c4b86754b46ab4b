import ConferenceData
import ConferenceModel
import Dispatch
import Operations

/// Tells when another connection changed the store (a sync, `favorite add` or `watch` run in
/// another terminal, the browser's own writes): SQLite's change counter (`PRAGMA data_version`),
/// asked a few times a second on a connection of its own. Nothing is read but that number; what
/// changed is read again only when it moved.
final class BrowserChangeWatcher: @unchecked Sendable {
    /// How often the counter is asked, in milliseconds: a change shows within a second.
    static let interval = 250

    private let store: ConferenceStore
    private let timer: DispatchSourceTimer
    private let last: Locked<Int?> = Locked(nil)

    /// Starts watching `store` (a connection used for nothing else); `changed` is called on a
    /// queue of the watcher's after each change seen.
    init(store: ConferenceStore, changed: @escaping @Sendable () -> Void) {
        self.store = store
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "wwdc.browser.changes", qos: .utility))
        last.withLock { $0 = try? store.dataVersion() }
        timer.schedule(deadline: .now() + .milliseconds(Self.interval), repeating: .milliseconds(Self.interval),
                       leeway: .milliseconds(Self.interval / 5))
        timer.setEventHandler { [store, last] in
            guard let version = try? store.dataVersion() else { return }
            let moved = last.withLock { last -> Bool in
                defer { last = version }
                return last != version
            }
            if moved { changed() }
        }
        timer.resume()
    }

    func stop() {
        timer.cancel()
    }

    deinit {
        timer.cancel()
    }
}
