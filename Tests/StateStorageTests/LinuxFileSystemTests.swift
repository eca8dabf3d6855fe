import Glibc
import StateStorage
import SystemLayer
import Testing

/// A fresh folder under /tmp, removed with its files by `remove`.
private struct Scratch {
  let path: String

  init() throws {
    var template = Array("/tmp/t9phone-storage-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    guard made != nil else { throw StorageError("mkdtemp failed") }
    path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  func remove() {
    _ = system("rm -rf '\(path)'")
  }
}

@Test(
  "the real file system: folders made, a file replaced atomically (mode 0600), read back, listed")
func linuxFileSystem_replaceAndRead() throws {
  let scratch = try Scratch()
  defer { scratch.remove() }
  let disk = LinuxFileSystem()
  let folder = scratch.path + "/a/b"
  try Folder.create(folder, on: disk)
  try WholeFile.replace(Array("first".utf8), at: folder + "/f", on: disk)
  try WholeFile.replace(Array("second".utf8), at: folder + "/f", permissions: 0o644, on: disk)
  #expect(try WholeFile.readText(folder + "/f", on: disk) == "second")
  var status = stat()
  #expect(stat(folder + "/f", &status) == 0)
  #expect(status.st_mode & 0o777 == 0o644)
  #expect(stat(folder, &status) == 0 && status.st_mode & 0o777 == 0o700)
  try Folder.create(folder, on: disk)
  let entries = try disk.listDirectory(folder).get()
  #expect(entries == [DirectoryEntry(name: "f", isFile: true)])
  #expect(
    try disk.listDirectory(scratch.path + "/a").get() == [DirectoryEntry(name: "b", isFile: false)])
}

@Test("the real file system: a record written in place at its offset, the rest unchanged")
func linuxFileSystem_recordFile() throws {
  let scratch = try Scratch()
  defer { scratch.remove() }
  let disk = LinuxFileSystem()
  let path = scratch.path + "/book"
  try WholeFile.replace([UInt8](repeating: 0, count: 16), at: path, on: disk)
  let file = try RecordFile(path: path, on: disk)
  try file.write([1, 2, 3], at: 5)
  file.close()
  #expect(
    try WholeFile.read(path, on: disk) == [0, 0, 0, 0, 0, 1, 2, 3] + [UInt8](repeating: 0, count: 8)
  )
}

@Test("the real file system's errors read as the C library says them")
func linuxFileSystem_errors() throws {
  let scratch = try Scratch()
  defer { scratch.remove() }
  let disk = LinuxFileSystem()
  let missing = scratch.path + "/nothing"
  let error = #expect(throws: StorageError.self) { try WholeFile.read(missing, on: disk) }
  #expect(error?.description == "\(missing): No such file or directory")
  let folder = #expect(throws: StorageError.self) { try WholeFile.read(scratch.path, on: disk) }
  #expect(folder?.description == "\(scratch.path): is a folder")
  #expect(disk.status(atPath: missing) == .failure(.noSuchFile))
  #expect(disk.message(for: .noSpace) == "No space left on device")
}
