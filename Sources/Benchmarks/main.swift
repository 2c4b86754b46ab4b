// `make bench`: every speed figure of the project, one per line. Release builds only.
// `Benchmarks engine` runs one section; `Benchmarks profile …` repeats one case for a profiler.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "profile":
    let shape: EngineBenchmark.Shape? = arguments.dropFirst().first == "gate" ? .gate
        : arguments.dropFirst().first == "chain" ? .chain : nil
    for _ in 0..<5 {
        print(shape.map { $0.engine(100_000) } ?? EngineBenchmark.independentEngine(100_000, conditions: 0))
    }
case "engine", nil:
    EngineBenchmark.run()
default:
    print("usage: Benchmarks [engine | profile [independent|chain|gate]]")
}
