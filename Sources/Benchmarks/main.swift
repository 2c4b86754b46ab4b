// `make bench`: every speed figure of the project, one per line. Release builds only.
// `Benchmarks engine|store|sync` runs one section; `Benchmarks profile …` repeats one engine case for a profiler.
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

switch arguments.first {
case "profile":
    let shape: EngineBenchmark.Shape? = arguments.dropFirst().first == "gate" ? .gate
        : arguments.dropFirst().first == "chain" ? .chain : nil
    for _ in 0..<5 {
        print(shape.map { $0.engine(100_000) } ?? EngineBenchmark.independentEngine(100_000, conditions: 0))
    }
case "write-feed":
    // Writes the synthetic contents.json, for experiments by hand.
    try SyntheticFeed(sessionCount: 20_000).write(to: arguments.dropFirst().first ?? "contents.json")
case "engine":
    EngineBenchmark.run()
case "store":
    runStore()
case "sync":
    runSync()
case nil:
    EngineBenchmark.run()
    runStore()
    runSync()
default:
    print("usage: Benchmarks [engine | store | sync | write-feed PATH | profile [independent|chain|gate]]")
}
