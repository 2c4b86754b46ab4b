/// Something drawn in place at the bottom of the terminal (the live progress lines) that must
/// get out of the way while a prompt uses the screen. Methods run on the owner queue.
protocol LiveRegion: AnyObject, Sendable {
    /// Removes the region's lines from the screen, leaving the cursor where the region began.
    func erase(in context: TerminalContext)
    /// Draws the region again below the cursor.
    func draw(in context: TerminalContext)
}
