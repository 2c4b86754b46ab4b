import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders of the person running the program, as plain values: their home, and the XDG base
/// folders when set. The program reads them from its environment (`HOME`, `XDG_DATA_HOME`,
/// `XDG_CONFIG_HOME`); the conference reads none.
public struct UserFolders: Sendable, Equatable {
    /// The home folder; nil: the one the system's user database names.
    public var home: String?
    /// Where data files go (the store, downloads, locks); ignored unless absolute, as the XDG spec says.
    public var dataHome: String?
    /// Where settings go (the login token); ignored unless absolute.
    public var configHome: String?

    public init(home: String? = nil, dataHome: String? = nil, configHome: String? = nil) {
        self.home = home
        self.dataHome = dataHome
        self.configHome = configHome
    }

    /// wwdc's folder of settings (the login token, the machine id): `<configHome>/wwdc`, else
    /// `<home>/.config/wwdc`.
    public var configFolder: URL {
        let base: URL
        if let config = configHome, config.hasPrefix("/") {
            base = URL(fileURLWithPath: config)
        } else {
            base = URL(fileURLWithPath: home ?? UserFolders.accountHome() ?? "/").appendingPathComponent(".config")
        }
        return base.appendingPathComponent("wwdc")
    }

    /// The home folder the system's user database names for this process's user; nil when it names none.
    public static func accountHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }
}
