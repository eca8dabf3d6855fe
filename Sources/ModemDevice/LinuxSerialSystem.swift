import CLinux
import ModemDriver
import SystemLayer

/// The real serial line: a tty opened non-blocking, without becoming the
/// process's controlling terminal, close-on-exec, then set raw (no echo,
/// no line editing, no CR/LF translation, 8 bits, no parity, one stop
/// bit, no flow control) at the given speed with `tcsetattr`, and
/// flushed of whatever waited in it. Reads and writes never block:
/// `EAGAIN` is "nothing now"; a line that hung up reads as end of file,
/// which the driver hears as `EIO`.
public struct LinuxSerialSystem: SerialSystem, Sendable {
  /// Creates the system layer (it holds no state).
  public init() {}

  /// `open(O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)`, then raw mode
  /// at `baud`; `EINVAL` for a speed the table does not have.
  public func open(_ path: String, baud: Int) -> Result<Int32, Errno> {
    guard let speed = Self.speed(baud) else { return .failure(.invalidArgument) }
    let fd = t9_open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0)
    guard fd >= 0 else { return .failure(Errno(t9_errno())) }
    var settings = termios()
    guard tcgetattr(fd, &settings) == 0 else {
      let error = Errno(t9_errno())
      _ = CLinux.close(fd)
      return .failure(error)
    }
    cfmakeraw(&settings)
    settings.c_cflag |= tcflag_t(CLOCAL | CREAD)
    settings.c_cflag &= ~(tcflag_t(CRTSCTS) | tcflag_t(CSTOPB) | tcflag_t(PARENB))
    // VMIN 1, VTIME 0 on a non-blocking descriptor: a read returns what
    // is there, or EAGAIN when nothing is — so that end of file (0) means
    // the line hung up (a USB adapter unplugged), as it cannot with
    // VMIN 0, where an empty line reads as 0 bytes too.
    withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    cfsetispeed(&settings, speed)
    cfsetospeed(&settings, speed)
    guard tcsetattr(fd, TCSANOW, &settings) == 0 else {
      let error = Errno(t9_errno())
      _ = CLinux.close(fd)
      return .failure(error)
    }
    _ = tcflush(fd, TCIOFLUSH)
    return .success(fd)
  }

  /// `write(2)`; `EAGAIN` when the line's buffer is full.
  public func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno> {
    let written = bytes.withUnsafeBytes { buffer in
      var result = CLinux.write(fd, buffer.baseAddress, buffer.count)
      while result < 0 && t9_errno() == EINTR {
        result = CLinux.write(fd, buffer.baseAddress, buffer.count)
      }
      return result
    }
    return written >= 0 ? .success(written) : .failure(Errno(t9_errno()))
  }

  /// `read(2)` into the start of `buffer`; nothing waiting (`EAGAIN`) is
  /// 0 bytes, and end of file — a hung-up line — is `EIO`.
  public func read(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    guard !buffer.isEmpty else { return .success(0) }
    let count = buffer.withUnsafeMutableBytes { bytes in
      var result = CLinux.read(fd, bytes.baseAddress, bytes.count)
      while result < 0 && t9_errno() == EINTR {
        result = CLinux.read(fd, bytes.baseAddress, bytes.count)
      }
      return result
    }
    if count > 0 { return .success(count) }
    if count == 0 { return .failure(.ioError) }
    let error = t9_errno()
    return error == EAGAIN || error == EWOULDBLOCK ? .success(0) : .failure(Errno(error))
  }

  /// `close(2)`.
  public func close(_ fd: Int32) { _ = CLinux.close(fd) }

  /// The termios speed of `baud` bits a second.
  static func speed(_ baud: Int) -> speed_t? {
    switch baud {
    case 9_600: speed_t(B9600)
    case 19_200: speed_t(B19200)
    case 38_400: speed_t(B38400)
    case 57_600: speed_t(B57600)
    case 115_200: speed_t(B115200)
    case 230_400: speed_t(B230400)
    case 460_800: speed_t(B460800)
    case 921_600: speed_t(B921600)
    default: nil
    }
  }
}
