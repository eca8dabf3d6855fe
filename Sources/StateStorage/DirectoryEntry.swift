/// One name in a folder, as `FileSystem.listDirectory` lists it.
public struct DirectoryEntry: Sendable, Hashable {
  /// The name (no folder).
  public var name: String
  /// Whether it is a regular file (`lstat`: a symbolic link is not).
  public var isFile: Bool

  /// Creates an entry.
  public init(name: String, isFile: Bool) {
    self.name = name
    self.isFile = isFile
  }
}
