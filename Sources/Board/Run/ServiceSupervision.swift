import CLinux
import Diagnostics
import KeypadInput
import Supervision
import SupervisionDevice

/// The run loops' link to systemd: a `ServiceNotifier` on the real socket,
/// set up from the service's environment (`$NOTIFY_SOCKET`,
/// `$WATCHDOG_USEC`, `$WATCHDOG_PID`). `READY=1` goes once the first frame
/// is on the display; the keep-alives go while the loop runs.
public struct ServiceSupervision {
  private var notifier: ServiceNotifier<LinuxDatagramSystem>

  /// Reads the environment; without `$NOTIFY_SOCKET` everything is a no-op.
  public init(log: Log) {
    func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
    notifier = ServiceNotifier(
      notifySocket: variable("NOTIFY_SOCKET"), watchdogMicroseconds: variable("WATCHDOG_USEC"),
      watchdogPID: variable("WATCHDOG_PID"), ownPID: getpid(), system: LinuxDatagramSystem(),
      log: log)
  }

  /// Once per loop: `READY=1` with `status` when the display has the first
  /// frame (`displayed`), then a keep-alive whenever one is due.
  /// `healthy` is the firmware watchdog's verdict (it looked on time):
  /// the keep-alive goes only when the loop runs and the watchdog is well.
  public mutating func loop(
    at now: Instant, displayed: Bool, healthy: Bool, status: @autoclosure () -> String
  ) {
    if !notifier.isReady && displayed && notifier.isEnabled {
      notifier.ready(status: status(), at: now)
    }
    notifier.tick(at: now, healthy: healthy)
  }

  /// A new status line (`systemctl status` shows it).
  public mutating func status(_ text: String) { notifier.status(text) }

  /// When the loop must wake for the next keep-alive.
  public var nextDeadline: Instant? { notifier.nextDeadline }

  /// Closes the socket.
  public mutating func close() { notifier.close() }
}
