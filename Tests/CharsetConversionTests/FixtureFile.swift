import TestSupport

/// The bytes of a file in Tests/Fixtures/vcards.
func fixture(_ name: String, filePath: String = #filePath) -> [UInt8] {
  let tests = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(2)
  return fileBytes(atPath: tests.joined(separator: "/") + "/Fixtures/vcards/" + name) ?? []
}
