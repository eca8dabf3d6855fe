/// How `FileSystem.open` opens a path (always with `O_CLOEXEC`).
public enum FileAccess: Sendable, Hashable {
  /// `O_RDONLY`.
  case read
  /// `O_RDWR`: an existing file, written in place.
  case readWrite
  /// `O_WRONLY | O_CREAT | O_TRUNC`: a new or emptied file.
  case create
  /// `O_RDONLY | O_DIRECTORY`: a folder, to `fsync` its entries.
  case directory
}
