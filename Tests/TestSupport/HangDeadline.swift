/// How long a test waits for something that must happen (a child's exit, a marker on a terminal, a
/// queue draining, a server's answer) before it calls it a hang: the one deadline of the tests.
///
/// Only a hang should reach it. The machine may be shared with builds and other test runs (load
/// averages of 40 and more on two cores), where what takes a second alone takes a minute or two;
/// a shorter deadline there fails tests that were merely slow. A hung test still ends, and the
/// whole run with it, this long after.
public enum HangDeadline {
    public static let seconds: Double = 300
}
