import Board

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Puts the terminal in raw mode (no echo, no line buffering, no signals from
/// Ctrl-C) and restores it.
public struct TerminalRawMode {
  /// The terminal as it is; `enable()` changes it.
  public init() {}

  private var saved = termios()
  /// Whether raw mode is on.
  public private(set) var active = false

  /// Switches standard input to raw mode; throws if it is not a terminal.
  public mutating func enable() throws {
    guard isatty(STDIN_FILENO) == 1 else {
      throw CLIError(
        "standard input is not a terminal: the simulator needs one (use 't9phone test' or 't9phone replay' to run scenarios)"
      )
    }
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
      throw CLIError("cannot read the terminal's settings: \(String(cString: strerror(errno)))")
    }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INPCK | ISTRIP | BRKINT)
    raw.c_oflag &= ~tcflag_t(OPOST)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      throw CLIError("cannot set the terminal to raw mode: \(String(cString: strerror(errno)))")
    }
    active = true
  }

  /// Restores the settings saved by `enable()`.
  public mutating func restore() {
    guard active else { return }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    active = false
  }
}
