#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whole-file reads and crash-safe writes for the executable.
enum FileIO {
  /// The file's bytes, read with one `read` loop into one buffer sized from
  /// `fstat`.
  static func read(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw CLIError("\(path): \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw CLIError("\(path): \(String(cString: strerror(errno)))")
    }
    if (status.st_mode & S_IFMT) == S_IFDIR { throw CLIError("\(path): is a folder") }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Glibc.read(descriptor, base + offset, buffer.count - offset)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      offset += count
    }
    guard offset == bytes.count else {
      throw CLIError("\(path): the file changed while it was read")
    }
    return bytes
  }

  /// The file's text (UTF-8).
  static func readText(_ path: String) throws -> String {
    let bytes = try read(path)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw CLIError("\(path): not valid UTF-8")
    }
    return text
  }

  /// When the file was last modified (seconds since 1970), or 0.
  static func modificationTime(_ path: String) -> Int {
    var status = stat()
    guard stat(path, &status) == 0 else { return 0 }
    return Int(status.st_mtim.tv_sec)
  }

  /// Whether something exists at the path.
  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// Writes `bytes` so that a power cut leaves either the old file or the new
  /// one: a temporary file in the same folder, fsync, rename over the target,
  /// fsync of the folder. The file gets `mode`.
  static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws {
    let temporary = "\(path).tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      throw CLIError("\(temporary): \(String(cString: strerror(errno)))")
    }
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(descriptor, base + offset, buffer.count - offset)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let message = String(cString: strerror(errno))
        close(descriptor)
        unlink(temporary)
        throw CLIError("\(temporary): \(message)")
      }
      offset += count
    }
    guard fsync(descriptor) == 0, close(descriptor) == 0 else {
      let message = String(cString: strerror(errno))
      unlink(temporary)
      throw CLIError("\(temporary): \(message)")
    }
    guard rename(temporary, path) == 0 else {
      let message = String(cString: strerror(errno))
      unlink(temporary)
      throw CLIError("\(path): \(message)")
    }
    let folder = open(directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// Creates a folder and its parents (mode 0700 for new ones).
  static func makeDirectories(_ path: String) throws {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o700) != 0 && errno != EEXIST {
        throw CLIError("\(current): \(String(cString: strerror(errno)))")
      }
    }
  }

  /// Renames a file.
  static func move(_ source: String, to target: String) throws {
    guard rename(source, target) == 0 else {
      throw CLIError("\(source): \(String(cString: strerror(errno)))")
    }
  }

  /// The folder part of a path (`.` for a bare name).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// An environment variable, if set and not empty.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
  }
}
