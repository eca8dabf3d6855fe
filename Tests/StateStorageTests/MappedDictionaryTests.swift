import Glibc
import StateStorage
import SystemLayer
import T9Engine
import Testing

/// The real mapping, counting what it maps and unmaps, or failing every
/// mapping with `error`.
private final class CountingMapping: MemoryMapping, @unchecked Sendable {
  // Sendable: the tests use it from one thread.
  var maps = 0
  var unmaps = 0
  var drops = 0
  let error: Errno?

  init(failing error: Errno? = nil) { self.error = error }

  func map(_ fd: Int32, length: Int) -> Result<UnsafeRawPointer, Errno> {
    if let error { return .failure(error) }
    maps += 1
    return LinuxMemoryMapping().map(fd, length: length)
  }

  func unmap(_ address: UnsafeRawPointer, length: Int) -> Result<Void, Errno> {
    unmaps += 1
    return LinuxMemoryMapping().unmap(address, length: length)
  }

  func drop(_ address: UnsafeRawPointer, length: Int) -> Result<Void, Errno> {
    drops += 1
    return LinuxMemoryMapping().drop(address, length: length)
  }
}

/// A dictionary file of a few words in a fresh folder under /tmp.
private func dictionaryFile(_ bytes: [UInt8]) throws -> String {
  var template = Array("/tmp/t9phone-mapped-XXXXXX".utf8CString)
  let made = template.withUnsafeMutableBufferPointer { buffer in
    buffer.baseAddress.flatMap { mkdtemp($0) }
  }
  guard made != nil else { throw StorageError("mkdtemp failed") }
  let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  try WholeFile.replace(bytes, at: folder + "/en.t9dict", on: LinuxFileSystem())
  return folder + "/en.t9dict"
}

private let words = "the\t7.73\nof\t7.40\ngood\t5.70\nhome\t5.50\ngone\t5.10\n"

@Test("a mapped dictionary answers like one read into memory, and is unmapped with it")
func mappedDictionary_mapsAndUnmaps() throws {
  let bytes = try T9DictionaryBuilder.build(source: words, language: "en", file: "en.tsv")
  let path = try dictionaryFile(bytes)
  defer { _ = system("rm -rf '\(Folder.path(of: path))'") }
  let mapping = CountingMapping()
  do {
    let storage = try MappedDictionary.bytes(path, on: LinuxFileSystem(), mapping: mapping)
    #expect(storage.buffer.count == bytes.count)
    #expect(Array(storage.buffer) == bytes)
    let dictionary = try T9Dictionary(storage: storage, name: path)
    let cache = T9BlockCache(for: dictionary)
    let range = dictionary.range(for: KeySequence("4663") ?? KeySequence(), cache: cache)
    #expect(
      (range.lower..<range.upper).map { dictionary.word(at: $0) } == ["good", "home", "gone"])
    withExtendedLifetime(dictionary) {
      #expect(mapping.maps == 1 && mapping.unmaps == 0)
      #expect(mapping.drops == 1, "validated, the pages it read are dropped")
    }
  }
  #expect(mapping.unmaps == 1, "the last dictionary gone, the file is unmapped")
}

@Test("a mapping that fails is refused naming the file and the system's reason")
func mappedDictionary_refusesFailedMapping() throws {
  let bytes = try T9DictionaryBuilder.build(source: words, language: "en", file: "en.tsv")
  let path = try dictionaryFile(bytes)
  defer { _ = system("rm -rf '\(Folder.path(of: path))'") }
  let disk = LinuxFileSystem()
  do {
    _ = try MappedDictionary.bytes(path, on: disk, mapping: CountingMapping(failing: .noDevice))
    Issue.record("mapped")
  } catch {
    #expect(error.description == "\(path): \(disk.message(for: .noDevice))")
  }
}

@Test("a damaged mapped file is refused by the validation, and unmapped")
func mappedDictionary_damagedFileIsRefused() throws {
  var bytes = try T9DictionaryBuilder.build(source: words, language: "en", file: "en.tsv")
  bytes[bytes.count - 1] ^= 0x55
  let path = try dictionaryFile(bytes)
  defer { _ = system("rm -rf '\(Folder.path(of: path))'") }
  let mapping = CountingMapping()
  #expect(throws: T9DictionaryError.self) {
    _ = try T9Dictionary(
      storage: try MappedDictionary.bytes(path, on: LinuxFileSystem(), mapping: mapping),
      name: path)
  }
  #expect(mapping.maps == 1 && mapping.unmaps == 1)
  #expect(mapping.drops == 0, "only a dictionary that opened has its pages dropped")
}
