#if canImport(Glibc)
  import Glibc
#endif

/// The bytes of the file at `path` (a committed fixture or word list), or
/// nil if it cannot be opened.
public func fileBytes(atPath path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count <= 0 { break }
    bytes += chunk[0..<count]
  }
  return bytes
}
