import CharacterLCD
import Diagnostics
import DisplayDevice
import DisplayDriver

/// The phone's LCD on LCDd (`--display lcdproc[:HOST[:PORT]]`, and with
/// `--input lcdproc` its keys too): the LCDd client on the real sockets.
/// A run loop shows each frame, waits in `wait(timeoutMilliseconds:)`
/// instead of sleeping (the socket wakes it), then calls `service(at:)`;
/// keys from LCDd come out of `takeKeyEvent(at:)`.
public typealias LCDprocOutput = LCDprocDisplay<LinuxSocketSystem>

extension LCDprocDisplay where System == LinuxSocketSystem {
  /// A client for `geometry`, connecting at the first `service(at:)`;
  /// with a keymap it takes LCDd's keys.
  public init(host: String, port: UInt16, geometry: LCDGeometry, keymap: LCDprocKeymap?, log: Log) {
    self.init(
      host: host, port: port, geometry: geometry, keymap: keymap, system: LinuxSocketSystem(),
      log: log)
  }
}
