import Diagnostics
import SystemLayer
import Vocabulary

/// The sd_notify protocol without libsystemd: `READY=1` once the phone's
/// first frame is on the glass, `STATUS=…` when its state changes, and
/// `WATCHDOG=1` every half of systemd's watchdog interval while the caller
/// says the phone is healthy — so a hung main loop, or one whose checks
/// fail, is restarted by systemd. Without `$NOTIFY_SOCKET` it does nothing.
/// A failed send is logged once and never stops the phone.
public struct ServiceNotifier<System: DatagramSystem> {
  /// The system calls.
  public var system: System
  /// Where systemd listens, if it does.
  public let address: NotifyAddress?
  /// How often `WATCHDOG=1` is sent: half of `$WATCHDOG_USEC`.
  public let keepAliveInterval: Duration?
  /// Whether `READY=1` was sent.
  public private(set) var isReady = false
  private let log: Log
  private var fd: Int32?
  private var nextKeepAlive: Instant?
  private var failing = false

  /// A notifier for the service's environment: `notifySocket` is
  /// `$NOTIFY_SOCKET`, `watchdogMicroseconds` `$WATCHDOG_USEC`,
  /// `watchdogPID` `$WATCHDOG_PID` (the watchdog is ours only when it is
  /// unset or names `ownPID`).
  public init(
    notifySocket: String?, watchdogMicroseconds: String?, watchdogPID: String?, ownPID: Int32,
    system: System, log: Log
  ) {
    self.system = system
    self.log = log
    address = NotifyAddress(environment: notifySocket)
    var interval: Duration?
    if let text = watchdogMicroseconds, let microseconds = Int64(text), microseconds > 0,
      watchdogPID == nil || watchdogPID.flatMap({ Int32($0) }) == ownPID
    {
      interval = .microseconds(microseconds / 2)
    }
    keepAliveInterval = address == nil ? nil : interval
  }

  /// Whether systemd is listening.
  public var isEnabled: Bool { address != nil }

  /// When `tick(at:healthy:)` must run next: the next `WATCHDOG=1`.
  public var nextDeadline: Instant? { isReady ? nextKeepAlive : nil }

  /// Tells systemd the service is up, with a status line; the first
  /// keep-alive goes with it.
  public mutating func ready(status: String, at now: Instant) {
    guard !isReady, isEnabled else { return }
    isReady = true
    var message = "READY=1\nSTATUS=\(Self.oneLine(status))"
    if let interval = keepAliveInterval {
      message += "\nWATCHDOG=1"
      nextKeepAlive = now + interval
    }
    send(message)
  }

  /// Changes the status line systemd shows (`systemctl status`).
  public mutating func status(_ text: String) {
    guard isEnabled else { return }
    send("STATUS=\(Self.oneLine(text))")
  }

  /// Sends `WATCHDOG=1` when it is due, only while `healthy`; a phone that
  /// stays unhealthy stops the keep-alives and systemd restarts it.
  public mutating func tick(at now: Instant, healthy: Bool) {
    guard isReady, let interval = keepAliveInterval, let due = nextKeepAlive, now >= due else {
      return
    }
    nextKeepAlive = now + interval
    guard healthy else { return }
    send("WATCHDOG=1")
  }

  /// Closes the socket.
  public mutating func close() {
    if let fd { system.close(fd) }
    fd = nil
  }

  private mutating func send(_ message: String) {
    guard let address else { return }
    if fd == nil {
      switch system.openDatagramSocket() {
      case .success(let opened): fd = opened
      case .failure(let errno):
        report("socket failed: \(errno)")
        return
      }
    }
    guard let fd else { return }
    switch system.send(fd, Array(message.utf8), to: address) {
    case .success:
      if failing {
        failing = false
        log(.notice, LogTag("systemd", "notify"), "notifications reach systemd again")
      }
    case .failure(let errno): report("sendto failed: \(errno)")
    }
  }

  private mutating func report(_ problem: String) {
    guard !failing else { return }
    failing = true
    log(.warning, LogTag("systemd", "notify"), "\(problem); the phone goes on")
  }

  /// The text as one line: a newline would start another assignment.
  private static func oneLine(_ text: String) -> String {
    var line = ""
    for character in text { line.append(character == "\n" || character == "\r" ? " " : character) }
    return line
  }
}
