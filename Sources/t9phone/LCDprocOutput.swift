import CharacterLCD
import Diagnostics
import DisplayDevice
import DisplayDriver
import KeypadInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The phone's LCD on LCDd (`--display lcdproc[:HOST[:PORT]]`, and with
/// `--input lcdproc` its keys too): `LCDprocDisplay` on the real sockets,
/// for a run loop. The loop shows each frame, and between frames waits in
/// `wait(until:)` instead of sleeping (the socket wakes it), then calls
/// `service(at:)`; keys from LCDd come out of `takeKeyEvent(at:)`.
struct LCDprocOutput {
  private var display: LCDprocDisplay<LinuxSocketSystem>

  /// A client for `geometry`, connecting at the first `service(at:)`;
  /// with a keymap it takes LCDd's keys.
  init(host: String, port: UInt16, geometry: LCDGeometry, keymap: LCDprocKeymap?, log: Log) {
    display = LCDprocDisplay(
      host: host, port: port, geometry: geometry, keymap: keymap, system: LinuxSocketSystem(),
      log: log)
  }

  /// Where LCDd is, `host:port`.
  var address: String { "\(display.host):\(display.port)" }

  /// Whether LCDd has the latest frame (nothing left to send).
  var isUpToDate: Bool { display.isUpToDate }

  /// Whether LCDd has the phone's screen.
  var isConnected: Bool { display.isConnected }

  /// Shows `frame` on LCDd (when connected; otherwise once it is).
  mutating func show(_ frame: LCDFrame, at now: Instant) {
    display.show(frame, at: now)
  }

  /// Reads LCDd's lines, reconnects, sends what waits.
  mutating func service(at now: Instant) {
    display.service(at: now)
  }

  /// The next key edge from LCDd due by `now`.
  mutating func takeKeyEvent(at now: Instant) -> KeyEvent? {
    display.takeKeyEvent(at: now)
  }

  /// When the client has something to do (a reconnection, a key release).
  var nextDeadline: Instant? { display.nextDeadline }

  /// Waits up to `timeoutMilliseconds` for the socket (or just the time,
  /// while there is no connection).
  mutating func wait(timeoutMilliseconds: Int32) {
    if let (fd, writable) = display.pollDescriptor {
      _ = display.system.wait(fd, writable: writable, timeoutMilliseconds: timeoutMilliseconds)
    } else {
      _ = poll(nil, 0, timeoutMilliseconds)
    }
  }

  /// Closes the connection.
  mutating func close() { display.close() }
}
