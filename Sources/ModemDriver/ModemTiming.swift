/// How long a modem driver waits for what, chosen at start.
public struct ModemTiming: Sendable, Hashable {
  /// The answer to `AT` (a probe: is the modem there and listening).
  public var probe: Duration = .seconds(1)
  /// Probes in a row without an answer before the modem is called silent.
  public var probesBeforeSilent = 3
  /// Between probes of a silent modem.
  public var silentProbeInterval: Duration = .seconds(5)
  /// An ordinary command's final result.
  public var command: Duration = .seconds(5)
  /// Listing the stored messages (a full SIM takes a while).
  public var list: Duration = .seconds(30)
  /// The network's answer to a sent part (`+CMGS`).
  public var send: Duration = .seconds(60)
  /// The final result of `ATD` and `ATA` (modems that answer only once
  /// the call is set up take a while).
  public var dial: Duration = .seconds(40)
  /// How often the calls are listed (`AT+CLCC`) while one is up: the
  /// state of a call is read from the list, which every modem has, and
  /// a call that left it has ended.
  public var callPoll: Duration = .seconds(1)
  /// The network's reply to a USSD request once the modem took it (a
  /// network gives up on a session after 20 to 30 seconds).
  public var ussd: Duration = .seconds(30)
  /// How often signal, registration, operator, battery and the network's
  /// time are asked for while the modem is ready.
  public var statusPoll: Duration = .seconds(30)
  /// The first wait before opening a lost line again, doubled up to
  /// `maximumReopen`.
  public var reopen: Duration = .seconds(1)
  /// The longest wait between attempts to open the line.
  public var maximumReopen: Duration = .seconds(10)
  /// How often the line is read while a command waits for its answer.
  public var busyPoll: Duration = .milliseconds(10)
  /// How often the line is read for unsolicited results when nothing is
  /// under way.
  public var idlePoll: Duration = .milliseconds(100)

  /// The defaults: seconds for commands, a minute for sending.
  public init() {}
}
