import CLinux
import StateStorage
import T9Engine

/// Whole-file reads and crash-safe writes for the executable, on the real
/// file system (`StateStorage`).
public enum FileIO {
  /// The file's bytes, read with one `read` loop into one buffer sized from
  /// `fstat`.
  public static func read(_ path: String) throws(CLIError) -> [UInt8] {
    do { return try WholeFile.read(path, on: LinuxFileSystem()) } catch {
      throw CLIError(error.description)
    }
  }

  /// The file mapped read-only (a compiled dictionary: its pages stay in
  /// the page cache, shared, instead of a copy on the heap).
  public static func map(_ path: String) throws(CLIError) -> T9DictionaryBytes {
    do {
      return try MappedDictionary.bytes(path, on: LinuxFileSystem(), mapping: LinuxMemoryMapping())
    } catch {
      throw CLIError(error.description)
    }
  }

  /// The file's text (UTF-8).
  public static func readText(_ path: String) throws(CLIError) -> String {
    do { return try WholeFile.readText(path, on: LinuxFileSystem()) } catch {
      throw CLIError(error.description)
    }
  }

  /// When the file was last modified (seconds since 1970), or 0.
  public static func modificationTime(_ path: String) -> Int {
    var status = stat()
    guard stat(path, &status) == 0 else { return 0 }
    return Int(status.st_mtim.tv_sec)
  }

  /// Whether something exists at the path.
  public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// Writes `bytes` so that a power cut leaves either the old file or the new
  /// one (`WholeFile.replace`: a temporary file in the same folder, fsync,
  /// rename over the target, fsync of the folder). The file gets `mode`.
  public static func writeAtomically(
    _ bytes: [UInt8], to path: String, mode: UInt32 = 0o600
  ) throws(CLIError) {
    do {
      try WholeFile.replace(bytes, at: path, permissions: mode, on: LinuxFileSystem())
    } catch {
      throw CLIError(error.description)
    }
  }

  /// Creates a folder and its parents (mode 0700 for new ones).
  public static func makeDirectories(_ path: String) throws(CLIError) {
    do { try Folder.create(path, on: LinuxFileSystem()) } catch {
      throw CLIError(error.description)
    }
  }

  /// The folder part of a path (`.` for a bare name).
  public static func directory(of path: String) -> String { Folder.path(of: path) }

  /// The last part of a path: the file's name.
  public static func baseName(_ path: String) -> String { Folder.name(of: path) }

  /// The file's permission bits, or nil if it cannot be read.
  public static func permissions(_ path: String) -> UInt32? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
  }

  /// An environment variable, if set and not empty.
  public static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
  }
}
