import ConferenceData
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

@Suite("Where the database lives", .offThePool)
struct StoreLocationTests {
    /// The program chooses the explicit path (wwdc: `--db`, else `WWDC_DB`; its ConfigurationTests).
    @Test("an explicit path wins, then XDG_DATA_HOME, then ~/.local/share")
    func precedence() throws {
        let folders = UserFolders(home: "/home/ada", dataHome: "/xdg")
        #expect(try StoreLocation.resolve(explicitPath: "/flag.sqlite", folders: folders) == "/flag.sqlite")
        #expect(try StoreLocation.resolve(explicitPath: "/env/db.sqlite", folders: folders) == "/env/db.sqlite")
        #expect(try StoreLocation.resolve(folders: UserFolders(home: "/home/ada", dataHome: "/xdg")) == "/xdg/wwdc/wwdc.sqlite")
        #expect(try StoreLocation.resolve(folders: UserFolders(home: "/home/ada")) == "/home/ada/.local/share/wwdc/wwdc.sqlite")
        // Empty values and a relative XDG_DATA_HOME (invalid per the XDG spec) are ignored.
        #expect(try StoreLocation.resolve(explicitPath: "", folders: UserFolders(home: "/home/ada", dataHome: "relative"))
                == "/home/ada/.local/share/wwdc/wwdc.sqlite")
    }

    @Test("missing folders are created with mode 0700; existing ones keep their mode")
    func folderCreation() throws {
        let folder = try TemporaryFolder()
        let existing = folder.file("shared")
        try FileManager.default.createDirectory(atPath: existing, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        let dataHome = existing + "/data"
        let path = try StoreLocation.resolve(folders: UserFolders(home: "/nonexistent", dataHome: dataHome))
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

    @Test("the convenience initializer opens the store where the location says")
    func storeFromLocation() throws {
        let folder = try TemporaryFolder()
        let store = try ConferenceStore(explicitPath: folder.file("from-env.sqlite"), folders: UserFolders(home: "/nowhere"))
        #expect(store.path == folder.file("from-env.sqlite"))
        let flagged = try ConferenceStore(explicitPath: folder.file("flag.sqlite"), folders: UserFolders(dataHome: "/nowhere"))
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
