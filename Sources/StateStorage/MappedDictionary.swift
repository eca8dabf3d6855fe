import SystemLayer
import T9Engine

/// Opens a compiled dictionary file by mapping it read-only, so its bytes
/// are not copied to the heap: `T9Dictionary(storage:name:)` validates the
/// mapped bytes in place, and the mapping goes when the last dictionary
/// using it does.
public enum MappedDictionary {
  /// The bytes of the file at `path`, mapped with `mapping`; a folder, or a
  /// file that cannot be opened or mapped, is refused naming the path.
  public static func bytes<FS: FileSystem, MM: MemoryMapping>(
    _ path: String, on system: FS, mapping: MM
  ) throws(StorageError) -> T9DictionaryBytes {
    let fd = try system.open(path, .read, permissions: 0).get(naming: path, on: system)
    defer { _ = system.close(fd) }
    let status = try system.status(fd).get(naming: path, on: system)
    if status.kind == .directory { throw StorageError("\(path): is a folder") }
    // mmap cannot map nothing; an empty file is refused by the validation.
    guard status.size > 0 else { return T9DictionaryBytes(copying: []) }
    let length = status.size
    let address = try mapping.map(fd, length: length).get(naming: path, on: system)
    return T9DictionaryBytes(
      borrowing: UnsafeRawBufferPointer(start: address, count: length),
      release: { buffer in
        if let start = buffer.baseAddress { _ = mapping.unmap(start, length: length) }
      },
      dropPages: { buffer in
        if let start = buffer.baseAddress { _ = mapping.drop(start, length: length) }
      })
  }
}
