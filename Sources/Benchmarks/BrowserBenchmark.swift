import ConferenceData
import Foundation

/// `wwdc browse` on the 20,000-session store (5,000 of them in progress or watched), driven on an
/// 80×24 pseudo-terminal as a person would (``TerminalHarness``): the start to the first whole
/// frame; a key to its frame for moving, opening a page, switching tabs and paging down; narrowing
/// as you type against `fzf` narrowing the same titles, side by side in one run; the bytes a one-row
/// move writes; and the anonymous memory the process holds at the end.
enum BrowserBenchmark {
    /// Keys timed of each kind.
    static let samples = 200
    /// The word typed to narrow, letter by letter, `rounds` times over.
    static let word = "concurrency"
    static let rounds = 10
    /// Starts timed (a process each).
    static let starts = 11

    static func run(sessionCount: Int = 20_000, progressCount: Int = 5_000) throws {
        #if os(Linux)
        guard let wwdc = BrowseBenchmark.wwdcBinary else {
            print("browser: the release wwdc binary is missing beside Benchmarks (make bench builds it)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wwdc-browser-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let storePath = folder + "/wwdc.sqlite"
        let store = try ConferenceStore(path: storePath)
        _ = try store.importContents(json: SyntheticFeed(sessionCount: sessionCount).contentsJSON())
        try BrowseBenchmark.recordProgress(progressCount, in: store)
        // What the Videos tab lists, one title a line, for fzf.
        let titles = try store.read { db in try db.videos(VideoQuery()).map(\.title) }
        let titlesPath = folder + "/titles.txt"
        try titles.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n").appending("\n")
            .write(toFile: titlesPath, atomically: true, encoding: .utf8)

        let environment = ["HOME": folder, "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data",
                           "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "TERM": "xterm-256color",
                           // The store as it is: no sync as it opens (it would fetch the bundled sample into it).
                           "WWDC_BROWSE_SYNC": "never"]
        let browse = { try TerminalHarness(name: "wwdc", path: wwdc, arguments: ["browse", "--db", storePath], environment: environment) }

        // What else the machine runs shows in the 99th percentiles: said beside them.
        if let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first {
            print("browser: load average \(load) on \(ProcessInfo.processInfo.activeProcessorCount) processors as the run starts")
        }

        // Start to the first whole frame: a process each time.
        var startTimes: [Double] = []
        for _ in 0..<starts {
            let terminal = try browse()
            let first = try terminal.firstFrame()
            guard first.text.contains("\u{1B}[2J"), first.text.hasSuffix("\u{1B}[?2026l") else {
                throw TerminalHarness.Failure(description: "wwdc's first frame is not a whole one: \(first.text.suffix(200).debugDescription)")
            }
            startTimes.append(first.milliseconds)
            terminal.finish(typing: "q")
        }
        print(String(format: "browser: start to the first whole frame, %d sessions at 80×24: %.1f ms (median of %d, best %.1f) (%@)",
                     sessionCount, median(startTimes), starts, startTimes.min()!, Goal.milliseconds(atMost: 50).verdict(median(startTimes))))

        let terminal = try browse()
        _ = try terminal.firstFrame()
        // Videos: every session with a video, the longest list.
        _ = try terminal.press("3")

        // Keys and their frames.
        var moves: [Double] = []
        terminal.pressMayChangeNothing("g")
        for _ in 0..<samples { moves.append(try terminal.press("j").milliseconds) }
        report("move (j)", moves)

        var pages: [Double] = []
        for _ in 0..<samples {
            pages.append(try terminal.press("\r").milliseconds)
            _ = try terminal.press("\u{1B}")
            // The next session, so that each Enter reads a page.
            _ = try terminal.press("j")
        }
        report("open a page (Enter)", pages)

        var tabs: [Double] = []
        for index in 0..<samples {
            // Schedule, then Videos again with Tab.
            tabs.append(try terminal.press(index % 2 == 0 ? "2" : "\t").milliseconds)
        }
        report("switch tab (2 / Tab)", tabs)

        var pageDowns: [Double] = []
        terminal.pressMayChangeNothing("3")
        for _ in 0..<samples { pageDowns.append(try terminal.press("\u{1B}[6~").milliseconds) }
        report("page down (PgDn)", pageDowns)

        // A one-row move from the top of the list (so nothing scrolls): two rows change, the one
        // left and the one selected. A row as a frame writes it whole is its 80 cells (a byte each
        // for ASCII titles) and about 40 bytes of escapes (a cursor placement, a few style changes,
        // a share of the frame's synchronized-output brackets): two rows, 2 × 120 bytes. A full
        // repaint (a resize forces one) is shown beside it: 24 rows.
        var moveBytes = 0
        for _ in 0..<5 {
            terminal.pressMayChangeNothing("g")
            moveBytes = max(moveBytes, try terminal.press("j").bytes.count)
        }
        let twoRows = 2 * (80 + 40)
        terminal.resize(columns: 81, rows: 24)
        _ = try terminal.nextFrame()
        terminal.resize(columns: 80, rows: 24)
        let repaint = try terminal.nextFrame().bytes.count
        print(String(format: "browser: bytes written for a one-row move (j), one pane at 80×24: %d B (two rows ≈ %d B; a full repaint %d B) (%@)",
                     moveBytes, twoRows, repaint, Goal.bytes(atMost: Double(2 * twoRows)).verdict(Double(moveBytes))))

        try narrowing(terminal, titles: titles, titlesPath: titlesPath, environment: environment)

        let memory = terminal.residentAnonymousBytes()
        let ending = terminal.finish(typing: "q")
        if let memory {
            let megabytes = Double(memory) / 1_048_576
            print(String(format: "browser: RssAnon of wwdc after the run: %.1f MB (%@)", megabytes, Goal.megabytes(atMost: 64).verdict(megabytes)))
        } else {
            print("browser: RssAnon of wwdc could not be read from /proc")
        }
        if !ending.hasPrefix("exited on its own (status 0)") { print("browser: wwdc \(ending) after q") }
        #else
        print("browser: skipped on this system (the harness reads Linux's /proc)")
        #endif
    }

    #if os(Linux)
    /// `/` then the word's letters in the open browser (on the Videos tab), and the same letters
    /// in fzf reading the same titles on its standard input, on a terminal of its own of the same
    /// size; rounds alternate between the two so that load from elsewhere hits both alike. Esc
    /// (wwdc) and Ctrl-U (fzf) empty the field between rounds.
    static func narrowing(_ wwdc: TerminalHarness, titles: [String], titlesPath: String, environment: [String: String]) throws {
        let label = String(format: "browser: narrowing as you type (%@, %d keys) over %d titles:", word, word.count * rounds, titles.count)
        guard let path = ["/usr/bin/fzf", "/usr/local/bin/fzf"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("\(label) no comparison: fzf is not installed (Debian's package fzf)")
            return
        }
        let fzf = try TerminalHarness(name: "fzf", path: path, arguments: [], environment: environment, input: titlesPath)
        defer { fzf.finish(typing: "\u{1B}") }
        try fzf.settle(until: "\(titles.count)/\(titles.count)")

        var ours: [Double] = []
        var theirs: [Double] = []
        for round in 0..<rounds {
            for program in round % 2 == 0 ? [wwdc, fzf] : [fzf, wwdc] {
                if program === wwdc { _ = try wwdc.press("/") }
                for letter in word {
                    let time = try program.press(String(letter)).milliseconds
                    if program === wwdc { ours.append(time) } else { theirs.append(time) }
                }
                _ = try program.press(program === wwdc ? "\u{1B}" : "\u{15}")
            }
        }
        // What each is left with: the browser's rule (every word starts a word of the title), and
        // fzf's own count for the word (its fuzzy match, as `fzf --filter` prints it).
        let wwdcMatches = titles.filter { title in SearchQuery.foldedWords(in: title).contains { $0.hasPrefix(word) } }.count
        let fzfMatches = BrowseBenchmark.spawn("/bin/sh", ["-c", "\"$0\" --filter \"$1\" < \"$2\"", path, word, titlesPath],
                                               environment: environment).lines
        let ratio = median(ours) / median(theirs)
        print(String(format: "%@ wwdc median %.1f ms (p99 %.1f), fzf median %.1f ms (p99 %.1f) = %.2fx; %d titles left (fzf's fuzzy match: %d) (%@)",
                     label, median(ours), percentile99(ours), median(theirs), percentile99(theirs), ratio,
                     wwdcMatches, fzfMatches, Goal.ratio(atMost: 1).verdict(ratio)))
    }

    /// One kind of key: its median and 99th percentile against their goals.
    private static func report(_ kind: String, _ times: [Double]) {
        print(String(format: "browser: a key to its frame, %@, %d keys: median %.1f ms (%@), p99 %.1f ms (%@)",
                     kind, times.count, median(times), Goal.milliseconds(atMost: 8).verdict(median(times)),
                     percentile99(times), Goal.milliseconds(atMost: 16).verdict(percentile99(times))))
    }
    #endif

    private static func median(_ values: [Double]) -> Double {
        TranscriptsBenchmark.median(values)
    }

    /// The value 99 in 100 are at or below.
    private static func percentile99(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[max(0, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    }
}
