// swift-tools-version:6.0
import PackageDescription

// Layers, bottom to top: CSQLite (system library), CCurl (libcurl, loaded at run time), CZlib (zlib,
// likewise), PlainText (the sanitiser, a shell's words), JSON (values, one escaping) → Operations (the generic engine) and
// SQLiteDatabase (SQLite's connections) → TerminalUI (the terminal owner, generic widgets) and the
// conference, no terminal, in levels of its own: ConferenceModel (the feeds' model and decoder) →
// ConferenceBackend (fetching feeds) and ConferenceData (the store) → ConferenceExport and
// PersonalSync (personal data, the sync folder) → ConferenceSync (the account, the sync graph) →
// ConferenceMedia (downloads, the player, pictures) → CommandLineKit (a command line from a table
// of commands) and ConferenceTerminal (the app on the terminal: its questions answered, the
// feedback form, progress, the pager) → wwdc (a thin command line). docs/architecture.md says
// what goes where, and who may import whom (ArchitectureTests holds this file to its table). No
// package dependencies, by design.
let package = Package(
    name: "wwdc",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wwdc", targets: ["wwdc"]),
        .library(name: "Operations", targets: ["Operations"]),
        .library(name: "MCPServer", targets: ["MCPServer"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "Operations"),
        // libcurl for video downloads, loaded at run time (no development package needed).
        // Statically linked Foundation asks for -lcurl: link/libcurl.a, an empty archive found first,
        // answers it, since CCurl defines the functions Foundation calls and loads libcurl at its
        // first request (wwdc_curl_lazy.c); so no libcurl is loaded at start.
        .target(name: "CCurl", exclude: ["link"],
                linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux])),
                                 .unsafeFlags(["-L", Context.packageDirectory + "/Sources/CCurl/link"], .when(platforms: [.linux]))]),
        // zlib's inflate for compressed feed bodies, loaded at run time like libcurl (no development package needed).
        .target(name: "CZlib", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The one sanitiser of text from outside, and the shell's words every printed command is built
        // of, below both the terminal and the conference layers.
        .target(name: "PlainText"),
        // JSON values, read and written with one escaping; knows no conference.
        .target(name: "JSON"),
        .target(name: "TerminalUI", dependencies: ["Operations", "PlainText"]),
        // A command line from a table of commands: the parser, typed options, help and usage errors,
        // the manual page, shell completion, the config file, a command's operation run to its end.
        // Knows no conference.
        .target(name: "CommandLineKit", dependencies: ["JSON", "Operations", "PlainText", "TerminalUI"]),
        // SQLite's connections, statements, transactions and migrations; knows no conference.
        .target(name: "SQLiteDatabase", dependencies: ["CSQLite"]),
        // The feeds' model and their tolerant decoder, the rule for ids, a question to a person; no store.
        .target(name: "ConferenceModel", dependencies: ["CSQLite", "JSON", "Operations", "PlainText", "SQLiteDatabase"]),
        // Fetching the feeds: the HTTP (libcurl) and folder backends, compressed bodies, which addresses wwdc fetches.
        .target(name: "ConferenceBackend", dependencies: ["CCurl", "CZlib", "ConferenceModel", "Operations", "PlainText"]),
        // The store on SQLiteDatabase: its schema, the sync's writes, the reads the commands and tools browse, transcripts, what is new.
        .target(name: "ConferenceData", dependencies: ["CSQLite", "CZlib", "ConferenceModel", "JSON", "Operations", "PlainText", "SQLiteDatabase"]),
        // The exports: the schedule as iCalendar, your lists as JSON, CSV and Markdown.
        .target(name: "ConferenceExport", dependencies: ["ConferenceData", "ConferenceModel", "JSON", "PlainText", "SQLiteDatabase"]),
        // Personal data (watch progress, bookmarks, notes): every edit and its backends; the sync folder.
        .target(name: "PersonalSync", dependencies: ["ConferenceData", "ConferenceModel", "JSON", "Operations", "PlainText", "SQLiteDatabase"]),
        // The account (login, favorites, feedback, the outbox) and the sync graph: every feed, list and transcript into the store.
        .target(name: "ConferenceSync", dependencies: ["ConferenceBackend", "ConferenceData", "ConferenceModel", "JSON", "Operations", "PersonalSync", "PlainText", "SQLiteDatabase"]),
        // Media: video downloads (libcurl), watching in the person's player, pictures, desktop notifications.
        .target(name: "ConferenceMedia", dependencies: ["CCurl", "ConferenceBackend", "ConferenceData", "ConferenceModel", "ConferenceSync", "JSON", "Operations", "PersonalSync", "PlainText", "SQLiteDatabase"]),
        .target(name: "ConferenceTerminal", dependencies: ["ConferenceData", "ConferenceMedia", "ConferenceModel", "ConferenceSync", "Operations", "PersonalSync", "PlainText", "TerminalUI"]),
        // The Model Context Protocol on stdio: JSON-RPC messages, tools, resources, cursors,
        // cancellation. Knows no conference.
        .target(name: "MCPServer", dependencies: ["JSON", "Operations", "PlainText"]),
        // The conference's tools and resources for AI assistants, over the conference's targets (no terminal).
        .target(name: "ConferenceMCP", dependencies: ["ConferenceData", "ConferenceExport", "ConferenceMedia", "ConferenceModel", "ConferenceSync", "JSON", "MCPServer", "Operations", "PersonalSync", "PlainText", "SQLiteDatabase"]),
        .executableTarget(name: "wwdc", dependencies: ["CommandLineKit", "ConferenceBackend", "ConferenceData", "ConferenceExport", "ConferenceMCP", "ConferenceMedia", "ConferenceModel", "ConferenceSync", "ConferenceTerminal", "MCPServer", "Operations", "PersonalSync", "PlainText", "SQLiteDatabase", "TerminalUI"]),
        // The outbox section drives the reference server through TestSupport; the transcripts section
        // runs the sqlite3 shell on baseline-transcripts.sql.
        .executableTarget(name: "Benchmarks", dependencies: ["ConferenceData", "ConferenceMedia", "ConferenceModel", "Operations", "PersonalSync", "SQLiteDatabase", "TestSupport"],
                         exclude: ["baseline-import-store.sql", "baseline-transcripts.sql"]),
        // Drives the terminal primitives and the full-screen widgets for TerminalUITests' terminal
        // tests; knows no conference.
        .executableTarget(name: "terminal-demo", dependencies: ["TerminalUI", "Operations"]),
        // Runs the app's feedback form for ConferenceTerminalTests' pseudo-terminal tests.
        .executableTarget(name: "conference-terminal-demo", dependencies: ["ConferenceTerminal", "TerminalUI"]),
        .target(name: "TestSupport", dependencies: ["TerminalUI"], path: "Tests/TestSupport"),
        .target(name: "TestTraits", path: "Tests/TestTraits"),
        .testTarget(name: "OperationsTests", dependencies: ["Operations", "TestSupport", "TestTraits"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Operations", "PlainText", "TestSupport", "TestTraits"]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
        .testTarget(name: "SQLiteDatabaseTests", dependencies: ["SQLiteDatabase", "CSQLite", "TestSupport", "TestTraits"]),
        .testTarget(name: "ConferenceKitTests", dependencies: ["CSQLite", "CommandLineKit", "ConferenceBackend", "ConferenceData", "ConferenceExport", "ConferenceMedia", "ConferenceModel", "ConferenceSync", "JSON", "MCPServer", "Operations", "PersonalSync", "SQLiteDatabase", "TestSupport", "TestTraits"]),
        // Package.swift and the files' imports against docs/architecture.md's table of who may import whom.
        .testTarget(name: "ArchitectureTests"),
        // JSON: values read on the scanner, the one escaping, the compact layout and JSONEncoder's pretty one.
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "MCPServerTests", dependencies: ["JSON", "MCPServer", "Operations", "TestTraits"]),
        .testTarget(name: "ConferenceTerminalTests", dependencies: ["ConferenceTerminal", "TerminalUI", "TestSupport", "TestTraits"]),
        // Golden/ holds expected outputs, Journals/ a sync folder's files as an earlier wwdc wrote
        // them, both read through #filePath (not bundled resources).
        .testTarget(name: "wwdcTests", dependencies: ["ConferenceData", "ConferenceMedia", "ConferenceModel", "ConferenceSync", "JSON", "Operations", "PersonalSync", "SQLiteDatabase", "TestSupport", "TestTraits"], exclude: ["Golden", "Journals"]),
    ],
    swiftLanguageModes: [.v6]
)
