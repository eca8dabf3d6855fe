#if canImport(Glibc)
  import Glibc
#endif

/// The bytes of a file in Tests/Fixtures/vcards.
func fixture(_ name: String, filePath: String = #filePath) -> [UInt8] {
  let tests = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(2)
  let path = tests.joined(separator: "/") + "/Fixtures/vcards/" + name
  guard let file = fopen(path, "rb") else { return [] }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count <= 0 { break }
    bytes += buffer[0..<count]
  }
  return bytes
}
