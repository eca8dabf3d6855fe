import SystemLayer

/// Paths and folders for the stores: the folder part of a path, creating a
/// folder so that it survives a power cut, and syncing a folder's entries.
public enum Folder {
  /// The folder part of a path (`.` for a bare name, `/` for one at the root).
  public static func path(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last part of a path.
  public static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// `name` in `folder`.
  public static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : "\(folder)/\(name)"
  }

  /// Creates a folder and its parents (mode 0700 for new ones); each new
  /// one's entry is synced into its parent, so that a file saved in it
  /// next is not lost with the folder by a power cut.
  public static func create<FS: FileSystem>(_ path: String, on system: FS) throws(StorageError) {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      let parent = current.isEmpty ? "/" : current
      current += "/" + component
      switch system.makeDirectory(current, permissions: 0o700) {
      case .success: try sync(parent, on: system)
      case .failure(let error) where error == .fileExists: continue
      case .failure(let error): throw StorageError("\(current): \(system.message(for: error))")
      }
    }
  }

  /// `fsync`s a folder: the renames, creations and removals in it so far
  /// are on the disk. A folder this process may write in but not read
  /// (`EACCES`) is skipped, as before; any other failure is an error, so a
  /// save never claims to be on the disk when it may not be.
  public static func sync<FS: FileSystem>(_ path: String, on system: FS) throws(StorageError) {
    let fd: Int32
    switch system.open(path, .directory, permissions: 0) {
    case .success(let opened): fd = opened
    case .failure(let error) where error == .accessDenied: return
    case .failure(let error): throw StorageError("\(path): \(system.message(for: error))")
    }
    let synced = system.sync(fd)
    _ = system.close(fd)
    if case .failure(let error) = synced {
      throw StorageError("\(path): \(system.message(for: error))")
    }
  }
}
