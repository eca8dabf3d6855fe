#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A POSIX error number returned by a system call (`EACCES`, `ENODEV`, …).
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The error number.
  public var rawValue: Int32

  /// Wraps an error number.
  public init(_ rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The C library's text for the error (`strerror`), such as "Permission denied".
  public var description: String {
    guard let text = strerror(rawValue) else { return "error \(rawValue)" }
    return String(cString: text)
  }

  /// `EPERM`.
  public static let notPermitted = Errno(EPERM)
  /// `ENOENT`.
  public static let noSuchFile = Errno(ENOENT)
  /// `EINTR`.
  public static let interrupted = Errno(EINTR)
  /// `ENXIO`.
  public static let noSuchDeviceOrAddress = Errno(ENXIO)
  /// `EAGAIN`.
  public static let wouldBlock = Errno(EAGAIN)
  /// `EACCES`.
  public static let accessDenied = Errno(EACCES)
  /// `EBUSY`.
  public static let busy = Errno(EBUSY)
  /// `ENODEV`.
  public static let noDevice = Errno(ENODEV)
  /// `ENOTTY`: the ioctl does not apply to the file (it is not an input device).
  public static let notATypewriter = Errno(ENOTTY)
  /// `EINVAL`.
  public static let invalidArgument = Errno(EINVAL)
  /// `EBADF`.
  public static let badFileDescriptor = Errno(EBADF)
}
