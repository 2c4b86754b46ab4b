/// A program drawn on the whole terminal, run by a ``FullScreenSession``.
///
/// Both methods are called on the terminal owner's queue only, one at a time, so the app's state
/// needs no lock; that queue only draws and answers keys. Work that takes longer than a frame
/// (reading a store, searching, the network) runs elsewhere, on an operation queue, and hands
/// its result back with ``FullScreenSession/post(_:)``. (Its type is a `SendableMetatype` so that
/// the session can name it in the blocks it hands to that queue.)
public protocol FullScreenApp: AnyObject, SendableMetatype {
    /// Answers a key, a click (``Key/mouse(_:)``), a paste (``Key/paste(_:)``) or a new size
    /// (``Key/resize``, after which the whole screen is drawn again). A frame is drawn after it.
    /// Ctrl-Z never comes here when the session suspends on it (the default).
    func handle(_ key: Key, in session: FullScreenSession<Self>)

    /// Draws the whole frame into `screen`, which is blank and the terminal's size. Only what
    /// differs from the last frame reaches the terminal, so drawing everything each time is cheap
    /// as long as only what is visible is drawn (``ListView`` draws only its visible rows).
    func draw(into screen: inout ScreenBuffer)

    /// Called once the first frame is on the screen and keys are read: where work that reports
    /// to the screen (a sync's progress) starts.
    func started(in session: FullScreenSession<Self>)
}

extension FullScreenApp {
    public func started(in session: FullScreenSession<Self>) {}
}
