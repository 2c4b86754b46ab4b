import ConferenceKit
import Foundation
import Testing

@Suite("Where the database lives")
struct StoreLocationTests {
    @Test("an explicit path wins, then WWDC_DB, then XDG_DATA_HOME, then ~/.local/share")
    func precedence() throws {
        let environment = ["WWDC_DB": "/env/db.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ada"]
        #expect(try StoreLocation.resolve(explicitPath: "/flag.sqlite", environment: environment) == "/flag.sqlite")
        #expect(try StoreLocation.resolve(environment: environment) == "/env/db.sqlite")
        #expect(try StoreLocation.resolve(environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/ada"]) == "/xdg/wwdc/wwdc.sqlite")
        #expect(try StoreLocation.resolve(environment: ["HOME": "/home/ada"]) == "/home/ada/.local/share/wwdc/wwdc.sqlite")
        // Empty values and a relative XDG_DATA_HOME (invalid per the XDG spec) are ignored.
        #expect(try StoreLocation.resolve(explicitPath: "", environment: ["WWDC_DB": "", "XDG_DATA_HOME": "relative",
                                                                           "HOME": "/home/ada"])
                == "/home/ada/.local/share/wwdc/wwdc.sqlite")
    }

    @Test("missing folders are created with mode 0700; existing ones keep their mode")
    func folderCreation() throws {
        let folder = try TemporaryFolder()
        let existing = folder.file("shared")
        try FileManager.default.createDirectory(atPath: existing, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        let dataHome = existing + "/data"
        let path = try StoreLocation.resolve(environment: ["XDG_DATA_HOME": dataHome, "HOME": "/nonexistent"])
        let store = try ConferenceStore(path: path)
        #expect(store.path == dataHome + "/wwdc/wwdc.sqlite")
        #expect(FileManager.default.fileExists(atPath: store.path))
        for created in [dataHome, dataHome + "/wwdc"] {
            let mode = try FileManager.default.attributesOfItem(atPath: created)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(created)")
        }
        let kept = try FileManager.default.attributesOfItem(atPath: existing)[.posixPermissions] as? Int
        #expect(kept == 0o755)
    }

    @Test("the convenience initializer reads the location from the given environment")
    func storeFromEnvironment() throws {
        let folder = try TemporaryFolder()
        let store = try ConferenceStore(environment: ["WWDC_DB": folder.file("from-env.sqlite")])
        #expect(store.path == folder.file("from-env.sqlite"))
        let flagged = try ConferenceStore(explicitPath: folder.file("flag.sqlite"), environment: ["WWDC_DB": "/nowhere/x.sqlite"])
        #expect(flagged.path == folder.file("flag.sqlite"))
    }

    @Test("a path whose folder is a file fails with a clear error")
    func folderIsAFile() throws {
        let folder = try TemporaryFolder()
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.file("blocker")))
        do {
            _ = try ConferenceStore(path: folder.file("blocker/wwdc.sqlite"))
            Issue.record("must fail")
        } catch let error as DatabaseError {
            #expect(error.message.contains("is not a folder"))
        }
    }
}
