import Diagnostics
import KeypadInput
import Supervision
import SystemLayer
import TestSupport
import Testing

/// Records the datagrams and can fail the calls.
private struct RecordingDatagrams: DatagramSystem {
  var sent: [String] = []
  var addresses: [NotifyAddress] = []
  var socketFault: Errno?
  var sendFault: Errno?
  var opened = 0
  var closed: [Int32] = []

  mutating func openDatagramSocket() -> Result<Int32, Errno> {
    if let socketFault { return .failure(socketFault) }
    opened += 1
    return .success(7)
  }

  mutating func send(_ fd: Int32, _ bytes: [UInt8], to address: NotifyAddress) -> Result<
    Void, Errno
  > {
    if let sendFault { return .failure(sendFault) }
    sent.append(String(decoding: bytes, as: UTF8.self))
    addresses.append(address)
    return .success(())
  }

  mutating func close(_ fd: Int32) { closed.append(fd) }
}

private func notifier(
  socket: String? = "@t9phone-test", watchdog: String? = "2000000", pid: String? = nil,
  log: Log = .disabled
) -> ServiceNotifier<RecordingDatagrams> {
  ServiceNotifier(
    notifySocket: socket, watchdogMicroseconds: watchdog, watchdogPID: pid, ownPID: 42,
    system: RecordingDatagrams(), log: log)
}

private func at(_ milliseconds: Int64) -> Instant { Instant(microseconds: milliseconds * 1000) }

@Test("$NOTIFY_SOCKET names a socket file or an abstract name; anything else is ignored")
func notifyAddress_parsing() {
  #expect(NotifyAddress(environment: "/run/systemd/notify") == .path("/run/systemd/notify"))
  #expect(NotifyAddress(environment: "@abc") == .abstract(Array("abc".utf8)))
  #expect(NotifyAddress(environment: nil) == nil)
  #expect(NotifyAddress(environment: "") == nil)
  #expect(NotifyAddress(environment: "@") == nil)
  #expect(NotifyAddress(environment: "run/notify") == nil)
  #expect(NotifyAddress(environment: "vsock:2:1234") == nil)
  #expect(NotifyAddress(environment: "/" + String(repeating: "x", count: 107)) == nil)
}

@Test("READY=1 goes once, with the status and the first keep-alive")
func serviceNotifier_readyOnce() {
  var notifier = notifier()
  #expect(notifier.nextDeadline == nil, "no keep-alive before the phone is ready")
  notifier.tick(at: at(5_000), healthy: true)
  #expect(notifier.system.sent.isEmpty)
  notifier.ready(status: "idle, keypad /dev/input/event3", at: at(100))
  notifier.ready(status: "again", at: at(200))
  #expect(notifier.system.sent == ["READY=1\nSTATUS=idle, keypad /dev/input/event3\nWATCHDOG=1"])
  #expect(notifier.system.addresses == [.abstract(Array("t9phone-test".utf8))])
  #expect(notifier.nextDeadline == at(1_100), "half of WATCHDOG_USEC later")
}

@Test("WATCHDOG=1 every half interval, and only while the phone is healthy")
func serviceNotifier_keepAlives() {
  var notifier = notifier()
  notifier.ready(status: "up", at: at(0))
  notifier.tick(at: at(999), healthy: true)
  #expect(notifier.system.sent.count == 1, "not due yet")
  notifier.tick(at: at(1_000), healthy: true)
  notifier.tick(at: at(2_000), healthy: false)
  notifier.tick(at: at(3_000), healthy: true)
  #expect(notifier.system.sent.dropFirst() == ["WATCHDOG=1", "WATCHDOG=1"])
  #expect(notifier.nextDeadline == at(4_000))
}

@Test("no keep-alives when the watchdog belongs to another process or is off")
func serviceNotifier_watchdogNotOurs() {
  var other = notifier(pid: "41")
  other.ready(status: "up", at: at(0))
  #expect(other.system.sent == ["READY=1\nSTATUS=up"])
  #expect(other.nextDeadline == nil)
  var ours = notifier(pid: "42")
  ours.ready(status: "up", at: at(0))
  #expect(ours.keepAliveInterval == .seconds(1))
  var off = notifier(watchdog: nil)
  off.ready(status: "up", at: at(0))
  #expect(off.keepAliveInterval == nil)
}

@Test("without $NOTIFY_SOCKET nothing is sent and no socket is opened")
func serviceNotifier_disabled() {
  var notifier = notifier(socket: nil)
  notifier.ready(status: "up", at: at(0))
  notifier.status("busy")
  notifier.tick(at: at(10_000), healthy: true)
  #expect(!notifier.isEnabled)
  #expect(notifier.system.opened == 0)
  #expect(notifier.keepAliveInterval == nil)
}

@Test("a status is one line; a failed send is logged once and the phone goes on")
func serviceNotifier_failures() {
  let logs = LogCollector()
  var notifier = notifier(log: logs.log)
  notifier.system.sendFault = .connectionRefused
  notifier.ready(status: "up", at: at(0))
  notifier.status("two\nlines")
  notifier.tick(at: at(1_000), healthy: true)
  #expect(logs.records.filter { $0.level == .warning }.count == 1)
  #expect(logs.contains("[systemd][notify] warning: sendto failed: ECONNREFUSED"))
  notifier.system.sendFault = nil
  notifier.status("two\nlines")
  #expect(notifier.system.sent == ["STATUS=two lines"])
  #expect(logs.contains("notifications reach systemd again"))
  #expect(notifier.system.opened == 1, "one socket for every message")
  notifier.close()
  #expect(notifier.system.closed == [7])
}
