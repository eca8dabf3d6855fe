/// What `stat(2)` says about a path: what it is and its size.
public struct FileStatus: Sendable, Hashable {
  /// What kind of thing is at a path.
  public enum Kind: Sendable, Hashable {
    /// A regular file.
    case file
    /// A folder.
    case directory
    /// Anything else (a device, a socket, a FIFO).
    case other
  }

  /// What it is.
  public var kind: Kind
  /// Its size in bytes.
  public var size: Int

  /// Creates a status.
  public init(kind: Kind, size: Int) {
    self.kind = kind
    self.size = size
  }
}
