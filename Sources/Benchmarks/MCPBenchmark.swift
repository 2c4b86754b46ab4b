import ConferenceData
import ConferenceMedia
import Foundation

/// The `mcp` section: `wwdc mcp` as an assistant runs it, on the 20,000-session store with 2,000
/// transcripts: the time from starting the server to its answer to `initialize`, and a `search`
/// round trip (request written, answer read) on a running server.
enum MCPBenchmark {
    static func run(sessionCount: Int = 20_000, transcripts: Int = 2_000, repetitions: Int = 31) throws {
        guard let wwdc = BrowseBenchmark.wwdcBinary else {
            print("mcp: the release wwdc binary is missing beside Benchmarks (make bench builds it)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wwdc-mcp-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let storePath = folder + "/wwdc.sqlite"
        try makeStore(at: storePath, sessionCount: sessionCount, transcripts: transcripts)

        let environment = ["WWDC_DB": storePath, "HOME": folder, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"]
        let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}"#

        var starts: [Double] = []
        for _ in 0..<repetitions {
            let server = try Server(wwdc, environment: environment)
            server.send(initialize)
            guard server.receive() != nil else { return print("mcp: the server did not answer initialize") }
            starts.append(server.elapsed())
            server.close()
        }
        print(String(format: "mcp: server start to initialize answered: %.1f ms median, best %.1f ms (goal < 50 ms; medians of %d)",
                     median(starts) * 1000, starts.min()! * 1000, repetitions))

        let server = try Server(wwdc, environment: environment)
        server.send(initialize)
        _ = server.receive()
        server.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        for (label, query) in [("a word in titles", "swift"), ("a common word", "session"), ("two words", "swift developer’s"),
                               ("a phrase", "\\\"new swift\\\"")] {
            var times: [Double] = []
            var bytes = 0
            for index in 0..<repetitions {
                let started = monotonicSeconds()
                server.send(#"{"jsonrpc":"2.0","id":\#(index + 1),"method":"tools/call","params":{"name":"search","arguments":{"query":"\#(query)"}}}"#)
                guard let answer = server.receive(), answer.contains("\"hits\"") else { return print("mcp: search \(label) failed") }
                times.append(monotonicSeconds() - started)
                bytes = answer.utf8.count
            }
            print(String(format: "mcp: search round trip, %@ (%d-byte answer): %.1f ms median, best %.1f ms (goal < 30 ms; %d sessions, %d transcripts)",
                         label, bytes, median(times) * 1000, times.min()! * 1000, sessionCount, transcripts))
        }
        server.close()
    }

    /// The store the section searches: `sessionCount` synthetic sessions, `transcripts` of them with
    /// about 20 minutes of talk each.
    static func makeStore(at storePath: String, sessionCount: Int = 20_000, transcripts: Int = 2_000) throws {
        let feed = SyntheticFeed(sessionCount: sessionCount)
        let store = try ConferenceStore(path: storePath)
        _ = try store.importContents(json: feed.contentsJSON())
        var random = SplitMix64(seed: 25)
        let fetched = (0..<transcripts).map { index in
            // About 20 minutes of talk: 240 lines of 12 words, 5 seconds apart, a paragraph every 6 lines.
            let lines = (0..<240).map { line in
                Transcript.Line(start: Double(line * 5), text: (0..<12).map { _ in
                    random.below(400) == 0 ? "Swift" : SyntheticFeed.vocabulary[random.below(SyntheticFeed.vocabulary.count)]
                }.joined(separator: " "), paragraph: line / 6)
            }
            return TranscriptBatch.Fetched(transcript: Transcript(sessionID: feed.sessionID(index * (sessionCount / transcripts)), language: "eng",
                                                                  lines: lines), etag: nil, bytes: 0)
        }
        _ = try store.write { try $0.importTranscripts(TranscriptBatch(fetched: fetched)) }
        store.checkpoint()
    }

    /// A running `wwdc mcp` on pipes.
    final class Server {
        let process = Process()
        let input = Pipe(), output = Pipe()
        private var buffer = Data()
        private let started: Double

        init(_ path: String, environment: [String: String]) throws {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["mcp"]
            process.environment = environment
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            started = monotonicSeconds()
            try process.run()
        }

        func elapsed() -> Double { monotonicSeconds() - started }

        func send(_ line: String) {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        /// The next line the server writes; nil at its end.
        func receive() -> String? {
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer = Data(buffer[buffer.index(after: newline)...])
                    return line
                }
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { return nil }
                buffer.append(chunk)
            }
        }

        func close() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
