/// A POSIX error number returned by a system call (`EACCES`, `ENODEV`, …).
///
/// The values are Linux's (asm-generic/errno-base.h and errno.h), spelled out
/// so the pure targets that handle device errors need no C library.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The error number.
  public var rawValue: Int32

  /// Wraps an error number.
  public init(_ rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The symbolic name and the C library's text: `EREMOTEIO (Remote I/O error)`.
  public var description: String {
    guard let (name, text) = Errno.name(rawValue) else { return "errno \(rawValue)" }
    return "\(name) (\(text))"
  }

  /// The error called `name` (`EREMOTEIO`), if it is one this type names.
  public init?(name: String) {
    for value: Int32 in 1...127 {
      if let (known, _) = Errno.name(value), known == name {
        self.init(value)
        return
      }
    }
    return nil
  }

  /// The C library's text, `Remote I/O error`, or `errno 200` for one this
  /// type does not name: what `strerror` says, without the C library's
  /// message catalogues (which a static firmware would carry whole).
  public var text: String {
    Errno.name(rawValue)?.1 ?? "errno \(rawValue)"
  }

  /// The symbolic name, `EREMOTEIO`, or `errno 200` for one this type does not name.
  public var name: String {
    Errno.name(rawValue)?.0 ?? "errno \(rawValue)"
  }

  /// `EPERM`.
  public static let notPermitted = Errno(1)
  /// `ENOENT`.
  public static let noSuchFile = Errno(2)
  /// `EINTR`.
  public static let interrupted = Errno(4)
  /// `EIO`.
  public static let ioError = Errno(5)
  /// `ENXIO`: nothing answers at the address (an I2C address NAK).
  public static let noSuchDeviceOrAddress = Errno(6)
  /// `EBADF`.
  public static let badFileDescriptor = Errno(9)
  /// `EAGAIN`.
  public static let wouldBlock = Errno(11)
  /// `EACCES`.
  public static let accessDenied = Errno(13)
  /// `EBUSY`.
  public static let busy = Errno(16)
  /// `ENODEV`.
  public static let noDevice = Errno(19)
  /// `EINVAL`.
  public static let invalidArgument = Errno(22)
  /// `ENOTTY`: the ioctl does not apply to the file (it is not that kind of device).
  public static let notATypewriter = Errno(25)
  /// `EPIPE`: the peer closed the connection.
  public static let brokenPipe = Errno(32)
  /// `ENOSYS`: the call is not implemented here.
  public static let notImplemented = Errno(38)
  /// `EOPNOTSUPP`: the adapter cannot do this kind of transfer.
  public static let notSupported = Errno(95)
  /// `ECONNRESET`.
  public static let connectionReset = Errno(104)
  /// `ETIMEDOUT`.
  public static let timedOut = Errno(110)
  /// `ECONNREFUSED`: nothing listens on the port.
  public static let connectionRefused = Errno(111)
  /// `EINPROGRESS`: a non-blocking connect has started.
  public static let inProgress = Errno(115)
  /// `EREMOTEIO`: the device did not acknowledge (the Raspberry Pi's I2C NAK).
  public static let remoteIO = Errno(121)

  private static func name(_ value: Int32) -> (String, String)? {
    switch value {
    case 1: ("EPERM", "Operation not permitted")
    case 2: ("ENOENT", "No such file or directory")
    case 4: ("EINTR", "Interrupted system call")
    case 5: ("EIO", "Input/output error")
    case 6: ("ENXIO", "No such device or address")
    case 9: ("EBADF", "Bad file descriptor")
    case 11: ("EAGAIN", "Resource temporarily unavailable")
    case 12: ("ENOMEM", "Cannot allocate memory")
    case 13: ("EACCES", "Permission denied")
    case 14: ("EFAULT", "Bad address")
    case 16: ("EBUSY", "Device or resource busy")
    case 17: ("EEXIST", "File exists")
    case 18: ("EXDEV", "Invalid cross-device link")
    case 19: ("ENODEV", "No such device")
    case 20: ("ENOTDIR", "Not a directory")
    case 21: ("EISDIR", "Is a directory")
    case 22: ("EINVAL", "Invalid argument")
    case 23: ("ENFILE", "Too many open files in system")
    case 24: ("EMFILE", "Too many open files")
    case 25: ("ENOTTY", "Inappropriate ioctl for device")
    case 26: ("ETXTBSY", "Text file busy")
    case 27: ("EFBIG", "File too large")
    case 28: ("ENOSPC", "No space left on device")
    case 29: ("ESPIPE", "Illegal seek")
    case 30: ("EROFS", "Read-only file system")
    case 31: ("EMLINK", "Too many links")
    case 32: ("EPIPE", "Broken pipe")
    case 36: ("ENAMETOOLONG", "File name too long")
    case 38: ("ENOSYS", "Function not implemented")
    case 39: ("ENOTEMPTY", "Directory not empty")
    case 40: ("ELOOP", "Too many levels of symbolic links")
    case 95: ("EOPNOTSUPP", "Operation not supported")
    case 104: ("ECONNRESET", "Connection reset by peer")
    case 110: ("ETIMEDOUT", "Connection timed out")
    case 111: ("ECONNREFUSED", "Connection refused")
    case 115: ("EINPROGRESS", "Operation now in progress")
    case 121: ("EREMOTEIO", "Remote I/O error")
    case 122: ("EDQUOT", "Disk quota exceeded")
    default: nil
    }
  }
}
