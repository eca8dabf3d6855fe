import SystemLayer

extension Errno {
  /// `EEXIST`.
  public static let fileExists = Errno(17)
  /// `ENOTDIR`.
  public static let notADirectory = Errno(20)
  /// `EISDIR`.
  public static let isADirectory = Errno(21)
  /// `ENOSPC`.
  public static let noSpace = Errno(28)
}
