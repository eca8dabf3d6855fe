import SystemLayer

extension Result where Failure == Errno {
  /// The call's value, or a `StorageError` naming `path` with the C
  /// library's text for its errno (`path: Permission denied`).
  func get<FS: FileSystem>(naming path: String, on system: FS) throws(StorageError) -> Success {
    switch self {
    case .success(let value): return value
    case .failure(let error): throw StorageError("\(path): \(system.message(for: error))")
    }
  }
}
