// `make bench`: every speed figure of the project, one per line. Release builds only.
// `Benchmarks engine|store` runs one section; `Benchmarks profile …` repeats one engine case for a profiler.
let arguments = Array(CommandLine.arguments.dropFirst())

func runStore() {
    do {
        try ImportBenchmark.run()
    } catch {
        print("import benchmark failed: \(error)")
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
case nil:
    EngineBenchmark.run()
    runStore()
default:
    print("usage: Benchmarks [engine | store | profile [independent|chain|gate]]")
}
