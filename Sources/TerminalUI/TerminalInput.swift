import Foundation
import Operations

/// The thread that reads the keyboard for a full-screen session and hands each key (a click, a
/// paste, a resize) on, so that the queue that draws never waits for the person.
///
/// It can be paused, for as long as another program or the shell has the terminal (the read stops,
/// and bytes typed meanwhile are that program's), and stopped; both wait until the thread has let
/// go of the terminal.
final class TerminalInput: Sendable {
    private enum Phase { case running, pausing, paused, stopping, stopped }

    private struct State {
        var phase = Phase.running
        /// Cancels the read in progress.
        var token: InteractionToken?
    }

    private let reader: KeyReader
    private let deliver: @Sendable (Result<Key, TerminalError>) -> Void
    private let state = Locked(State())
    private let changed = LockCondition()

    /// Starts reading at once; `deliver` is called on the reading thread, for each key in order,
    /// and once with the failure that ends the reading (the terminal closed).
    init(reader: KeyReader, deliver: @escaping @Sendable (Result<Key, TerminalError>) -> Void) {
        self.reader = reader
        self.deliver = deliver
        let thread = Thread { [self] in loop() }
        thread.name = "TerminalUI.input"
        thread.start()
    }

    /// Stops reading until ``resume()``; returns once the thread no longer reads.
    func pause() {
        let token = state.withLock { state -> InteractionToken? in
            if state.phase == .running { state.phase = .pausing }
            return state.token
        }
        token?.cancel()
        state.wait(on: changed) { $0.phase == .paused || $0.phase == .stopped }
    }

    func resume() {
        state.withLock { state in
            if state.phase == .paused || state.phase == .pausing { state.phase = .running }
        }
        changed.broadcast()
    }

    /// Ends the thread; returns once it no longer reads.
    func stop() {
        let token = state.withLock { state -> InteractionToken? in
            if state.phase != .stopped { state.phase = .stopping }
            return state.token
        }
        token?.cancel()
        changed.broadcast()
        state.wait(on: changed) { $0.phase == .stopped }
    }

    private func loop() {
        while true {
            let acknowledged = state.withLock { state -> Bool in
                guard state.phase == .pausing else { return false }
                state.phase = .paused
                return true
            }
            if acknowledged { changed.broadcast() }
            state.wait(on: changed) { $0.phase == .running || $0.phase == .stopping }
            let token = InteractionToken()
            let phase = state.withLock { state -> Phase in
                if state.phase == .running { state.token = token }
                return state.phase
            }
            if phase == .stopping { return finish() }
            guard phase == .running else { continue }
            do {
                deliver(.success(try reader.readKey(token: token)))
            } catch .cancelled {
                continue
            } catch {
                deliver(.failure(error))
                return finish()
            }
        }
    }

    private func finish() {
        state.withLock { state in
            state.phase = .stopped
            state.token = nil
        }
        changed.broadcast()
    }
}
