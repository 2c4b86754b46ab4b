// `make bench`: every speed figure of the project, one per line. Release builds only.
// `Benchmarks engine|store|browse` runs one section; `Benchmarks profile …` repeats one engine case for a profiler.
import ConferenceKit

let arguments = Array(CommandLine.arguments.dropFirst())

func runStore() {
    do {
        try ImportBenchmark.run()
    } catch {
        print("import benchmark failed: \(error)")
    }
}

func runBrowse() {
    do {
        try BrowseBenchmark.run()
    } catch {
        print("browse benchmark failed: \(error)")
    }
}

switch arguments.first {
case "profile":
    let shape: EngineBenchmark.Shape? = arguments.dropFirst().first == "gate" ? .gate
        : arguments.dropFirst().first == "chain" ? .chain : nil
    for _ in 0..<5 {
        print(shape.map { $0.engine(100_000) } ?? EngineBenchmark.independentEngine(100_000, conditions: 0))
    }
case "engine":
    EngineBenchmark.run()
case "store":
    runStore()
case "browse":
    runBrowse()
case "make-store":
    // A 20,000-session store to profile against: `Benchmarks make-store /tmp/wwdc-20k.sqlite`.
    do {
        let path = arguments.dropFirst().first ?? "wwdc-20k.sqlite"
        _ = try ConferenceStore(path: path).importContents(json: SyntheticFeed(sessionCount: 20_000).contentsJSON())
        print("wrote \(path)")
    } catch {
        print("make-store failed: \(error)")
    }
case nil:
    EngineBenchmark.run()
    runStore()
    runBrowse()
default:
    print("usage: Benchmarks [engine | store | browse | make-store PATH | profile [independent|chain|gate]]")
}
