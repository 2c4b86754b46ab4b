// Each benchmark prints its figures, one per line.
do {
    try ImportBenchmark.run()
} catch {
    print("import benchmark failed: \(error)")
}
