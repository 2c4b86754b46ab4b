import ConferenceData

extension DocumentContext {
    /// What a command's `--json` is read with: the command line's view, times in `zone`, at `now`.
    static func commandLine(zone: TimeZoneChoice = .conference, now: Double = 0) -> DocumentContext {
        DocumentContext(view: .commandLine, zone: zone, now: now)
    }
}
