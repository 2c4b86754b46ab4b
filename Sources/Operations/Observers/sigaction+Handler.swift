#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension sigaction {
    /// An action that calls `handler`, blocking no other signal while it runs.
    public init(handler: @convention(c) (Int32) -> Void, flags: Int32 = 0) {
        self.init()
        #if canImport(Glibc)
        __sigaction_handler.sa_handler = handler
        #else
        __sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&sa_mask)
        sa_flags = flags
    }

    /// The handler as a number, to compare actions by: 0 is `SIG_DFL`, 1 is `SIG_IGN`.
    public var handlerAddress: Int {
        #if canImport(Glibc)
        let handler = __sigaction_handler.sa_handler
        #else
        let handler = __sigaction_u.__sa_handler
        #endif
        guard let handler else { return 0 }
        return unsafeBitCast(handler, to: Int.self)
    }
}
