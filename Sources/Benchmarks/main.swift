// `make bench`: every speed figure of the project, one per line. Release builds only.
// `Benchmarks engine|store|sync|browse|browser|outbox|transcripts|downloads|mcp` runs one section; `Benchmarks profile …` repeats one engine case for a profiler.
import ConferenceData
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())

func runStore() {
    do {
        try ImportBenchmark.run()
    } catch {
        print("import benchmark failed: \(error)")
    }
}

func runSync() {
    do {
        try SyncBenchmark.run()
    } catch {
        print("sync benchmark failed: \(error)")
    }
}

func runOutbox() async {
    do {
        try await OutboxBenchmark.run()
    } catch {
        print("outbox benchmark failed: \(error)")
    }
    do {
        try SyncFolderBenchmark.run()
        try SyncFolderBenchmark.runLarge()
    } catch {
        print("sync folder benchmark failed: \(error)")
    }
}

func runTranscripts() async {
    do {
        try await TranscriptsBenchmark.run()
    } catch {
        print("transcripts benchmark failed: \(error)")
    }
}

func runDownloads() async {
    do {
        try await DownloadsBenchmark.run()
    } catch {
        print("downloads benchmark failed: \(error)")
    }
}

func runMCP() {
    do {
        try MCPBenchmark.run()
    } catch {
        print("mcp benchmark failed: \(error)")
    }
}

func runBrowse() {
    do {
        try BrowseBenchmark.run()
    } catch {
        print("browse benchmark failed: \(error)")
    }
}

func runBrowser() {
    do {
        try BrowserBenchmark.run()
    } catch {
        print("browser benchmark failed: \(error)")
    }
}

switch arguments.first {
case "profile":
    let shape: EngineBenchmark.Shape? = arguments.dropFirst().first == "gate" ? .gate
        : arguments.dropFirst().first == "chain" ? .chain : nil
    for _ in 0..<5 {
        print(shape.map { $0.engine(100_000) } ?? EngineBenchmark.independentEngine(100_000, conditions: 0))
    }
case "write-feed":
    // Writes the synthetic contents.json, for experiments by hand: `write-feed PATH [2017|2020b]`.
    let shape = arguments.dropFirst(2).first.flatMap(SyntheticFeed.Shape.init(rawValue:)) ?? .classic
    try SyntheticFeed(sessionCount: 20_000, shape: shape).write(to: arguments.dropFirst().first ?? "contents.json")
case "engine":
    EngineBenchmark.run()
case "store":
    runStore()
case "sync":
    runSync()
case "browse":
    runBrowse()
case "browser":
    runBrowser()
case "outbox":
    await runOutbox()
case "mcp":
    runMCP()
case "sync-folder":
    // The outbox section's sync folder figures alone (to profile them).
    do {
        try SyncFolderBenchmark.run()
        try SyncFolderBenchmark.runLarge()
    } catch {
        print("sync folder benchmark failed: \(error)")
    }
case "sync-folder-large":
    // The sync folder section's large merge alone: `sync-folder-large [ITEMS] [BYTES]`.
    do {
        try SyncFolderBenchmark.runLarge(items: arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000,
                                         bytes: arguments.dropFirst(2).first.flatMap { Int($0) } ?? 500_000_000)
    } catch {
        print("sync folder benchmark failed: \(error)")
    }
case "make-sync-folder":
    // The sync folder section's ten machines (`DIR/shared` and their stores), to merge under a profiler.
    do {
        let path = arguments.dropFirst().first ?? "wwdc-sync-folder"
        try SyncFolderBenchmark.make(in: path)
        print("wrote \(path)")
    } catch {
        print("make-sync-folder failed: \(error)")
    }
case "merge-sync-folder":
    // A new machine merging what make-sync-folder wrote, 5 times (or as many as asked).
    do {
        try SyncFolderBenchmark.merge(in: arguments.dropFirst().first ?? "wwdc-sync-folder", times: arguments.dropFirst(2).first.flatMap { Int($0) } ?? 5)
    } catch {
        print("merge-sync-folder failed: \(error)")
    }
case "transcripts":
    await runTranscripts()
case "downloads":
    await runDownloads()
case "import-feed":
    // The store section's import alone, for a profiler: `import-feed FEED FOLDER [TIMES]` reads FEED and
    // imports it into a fresh FOLDER/import-N.sqlite, TIMES times (one by default), printing each time.
    do {
        let feed = arguments.dropFirst().first ?? "contents.json"
        let folder = arguments.dropFirst(2).first ?? "."
        for run in 0..<(arguments.dropFirst(3).first.flatMap { Int($0) } ?? 1) {
            let start = ContinuousClock.now
            let data = try Data(contentsOf: URL(fileURLWithPath: feed))
            _ = try ConferenceStore(path: folder + "/import-\(run).sqlite").importContents(json: data)
            print("import \(run): \(ContinuousClock.now - start)")
        }
    } catch {
        print("import-feed failed: \(error)")
    }
case "make-store":
    // A 20,000-session store to profile against: `Benchmarks make-store /tmp/wwdc-20k.sqlite`.
    do {
        let path = arguments.dropFirst().first ?? "wwdc-20k.sqlite"
        _ = try ConferenceStore(path: path).importContents(json: SyntheticFeed(sessionCount: 20_000).contentsJSON())
        print("wrote \(path)")
    } catch {
        print("make-store failed: \(error)")
    }
case "make-mcp-store":
    // The mcp section's store (2,000 transcripts besides), to time searches on by hand or under a profiler.
    do {
        let path = arguments.dropFirst().first ?? "wwdc-mcp.sqlite"
        try MCPBenchmark.makeStore(at: path)
        print("wrote \(path)")
    } catch {
        print("make-mcp-store failed: \(error)")
    }
case nil:
    EngineBenchmark.run()
    runStore()
    runSync()
    runBrowse()
    runBrowser()
    await runOutbox()
    await runTranscripts()
    await runDownloads()
    runMCP()
default:
    print("usage: Benchmarks [engine | store | sync | browse | browser | outbox | transcripts | downloads | mcp | write-feed PATH [2017|2020b] | import-feed FEED FOLDER [TIMES] | make-store PATH | make-mcp-store PATH | make-sync-folder DIR | merge-sync-folder DIR [N] | profile [independent|chain|gate]]")
}
