/// The process's exit status: 0 done, 1 failed at run time, 64 bad command line, 130 interrupted.
enum ExitCode: Int32 {
    case success = 0
    case failure = 1
    case usage = 64
    case interrupted = 130
}
