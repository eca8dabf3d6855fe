import SystemLayer

/// The calls a modem driver makes on its serial line, behind a protocol so
/// tests can fake and fail every one and scenarios can put a simulated
/// network on the other end. `LinuxSerialSystem` (in `ModemDevice`) is the
/// real one: a tty in raw mode at the given speed. Every call is
/// non-blocking: the driver never stalls the phone.
public protocol SerialSystem {
  /// Opens the line at `path` in raw mode at `baud` bits a second: a
  /// descriptor, or why not (`ENOENT` for a modem not plugged in,
  /// `EACCES` for a user outside `dialout`).
  mutating func open(_ path: String, baud: Int) -> Result<Int32, Errno>
  /// Writes what it can of `bytes` now: how many were taken; `EAGAIN` when
  /// the line's buffer is full; `EIO` or `ENODEV` when the line is gone.
  mutating func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno>
  /// Reads what is waiting into the start of `buffer`: how many bytes,
  /// 0 when nothing is (`EAGAIN` is 0 too); `EIO` or `ENODEV` when the line
  /// is gone.
  mutating func read(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno>
  /// `close(2)`.
  mutating func close(_ fd: Int32)
}
