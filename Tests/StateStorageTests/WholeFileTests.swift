import Diagnostics
import StateStorage
import SystemLayer
import T9Engine
import TestSupport
import Testing

private let folder = "/state"
private let file = "/state/learned-en.t9user"

/// A learning store that learned `count` words.
private func store(_ count: Int) -> UserDictionary {
  var store = UserDictionary(budget: 512, language: "en")
  for word in letterWords(count) { store.noteWord(word.unicodeScalars) }
  return store
}

/// `writer` saving the learning store over an older one, checked like the
/// real store's save: cut at every point, every image loaded by the real
/// loader.
private func check(
  _ writer: @escaping (PowerCutFileSystem, [UInt8]) throws -> Void
) throws -> CrashCheck<[UInt8]>.Outcome {
  let old = store(2).serialized()
  let new = store(6).serialized()
  let check = CrashCheck<[UInt8]>(
    setUp: { disk in
      _ = disk.makeDirectory(folder, permissions: 0o700)
      disk.place(old, at: file)
    },
    write: { disk in try writer(disk, new) },
    load: { disk in
      let collector = LogCollector()
      let loaded = LearningStore(folder: folder, budget: 512, on: disk)
        .load("en", now: 1, log: collector.log(minimumLevel: .warning))
      if let warning = collector.records.first { throw StorageError(warning.line) }
      return loaded.serialized()
    },
    old: old, new: new,
    next: { disk, _ in
      try WholeFile.replace(new, at: file, on: disk)
      return new
    })
  return try check.run()
}

/// Calls `body` with the bytes, as a raw buffer.
private func withBytes<T>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) -> T) -> T {
  bytes.withUnsafeBytes(body)
}

@Test("the atomic replace passes the check: old or new at every cut, new once it returned")
func wholeFile_replacePassesTheCheck() throws {
  let outcome = try check { disk, bytes in try WholeFile.replace(bytes, at: file, on: disk) }
  #expect(outcome.problems == [])
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test("the check catches a writer that rewrites the file in place (no temporary file)")
func wholeFile_checkCatchesWritingInPlace() throws {
  let outcome = try check { disk, bytes in
    let fd = try disk.open(file, .create, permissions: 0o600).get()
    _ = try withBytes(bytes) { disk.write(fd, $0) }.get()
    try disk.sync(fd).get()
    try disk.close(fd).get()
  }
  #expect(outcome.problemCount > 0)
  #expect(outcome.problems.contains { $0.contains("refused") })
}

@Test("the check catches a writer that renames before the temporary file is synced")
func wholeFile_checkCatchesRenameBeforeSync() throws {
  let outcome = try check { disk, bytes in
    let temporary = file + ".tmp-1"
    let fd = try disk.open(temporary, .create, permissions: 0o600).get()
    _ = try withBytes(bytes) { disk.write(fd, $0) }.get()
    try disk.rename(temporary, to: file).get()
    try Folder.sync(folder, on: disk)
    try disk.sync(fd).get()
    try disk.close(fd).get()
  }
  #expect(outcome.problemCount > 0)
  #expect(outcome.problems.contains { $0.contains("refused") })
}

@Test("the check catches a writer that does not sync the folder after the rename")
func wholeFile_checkCatchesMissingFolderSync() throws {
  let outcome = try check { disk, bytes in
    let temporary = file + ".tmp-1"
    let fd = try disk.open(temporary, .create, permissions: 0o600).get()
    _ = try withBytes(bytes) { disk.write(fd, $0) }.get()
    try disk.sync(fd).get()
    try disk.close(fd).get()
    try disk.rename(temporary, to: file).get()
  }
  #expect(outcome.problems.contains { $0.contains("the write returned but the disk holds") })
}

@Test("short writes are continued until the whole file is written")
func wholeFile_continuesShortWrites() throws {
  let disk = PowerCutFileSystem()
  _ = disk.makeDirectory(folder, permissions: 0o700)
  disk.largestWrite = 7
  let bytes = store(3).serialized()
  try WholeFile.replace(bytes, at: file, on: disk)
  #expect(disk.contents(file) == bytes)
  #expect(try WholeFile.read(file, on: disk) == bytes)
  #expect(disk.trace.count { $0.name == "write" } == (bytes.count + 6) / 7)
}

@Test(
  "a failed replace removes its temporary file, leaves the old file and says which call failed",
  arguments: ["open", "write", "fsync", "close", "rename"])
func wholeFile_failureCleansUp(call: String) throws {
  let disk = PowerCutFileSystem()
  _ = disk.makeDirectory(folder, permissions: 0o700)
  disk.place(Array("old".utf8), at: file)
  disk.failures[call] = .noSpace
  let error = #expect(throws: StorageError.self) {
    try WholeFile.replace(Array("new".utf8), at: file, on: disk)
  }
  let target = call == "rename" ? file : file + ".tmp-4242"
  #expect(error?.description == "\(target): \(Errno.noSpace)")
  #expect(disk.contents(file) == Array("old".utf8))
  #expect(disk.entries.keys.sorted() == ["/", folder, file])
}

@Test("a temporary file a cut left is removed by the next replace of its target, whoever left it")
func wholeFile_removesLeftovers() throws {
  let disk = PowerCutFileSystem()
  _ = disk.makeDirectory(folder, permissions: 0o700)
  disk.place(Array("half".utf8), at: file + ".tmp-17")
  disk.place(Array("half".utf8), at: file + ".tmp-4242")
  disk.place(Array("other".utf8), at: "/state/statistics.prom.tmp-17")
  try WholeFile.replace(Array("new".utf8), at: file, on: disk)
  #expect(disk.entries.keys.sorted() == ["/", folder, file, "/state/statistics.prom.tmp-17"])
  #expect(disk.contents(file) == Array("new".utf8))
}

@Test("temporary names are recognised, store names are not")
func wholeFile_temporaryNames() {
  #expect(WholeFile.isTemporary("learned-en.t9user.tmp-4242"))
  #expect(WholeFile.isTemporary(WholeFile.temporaryName(of: "/a/b.scenario", processID: 9)))
  for name in [
    "learned-en.t9user", "x.tmp-", "x.tmp-12a", "20261124T060831Z-lcd.scenario", "tmp-1",
  ] {
    #expect(!WholeFile.isTemporary(name))
  }
}

@Test("a new folder is synced into its parent, so a save in it survives a cut")
func folder_createSyncsParents() throws {
  let disk = PowerCutFileSystem()
  try Folder.create("/a/b", on: disk)
  try WholeFile.replace(Array("x".utf8), at: "/a/b/f", on: disk)
  for image in disk.crashImages() { #expect(image.contents("/a/b/f") == Array("x".utf8)) }
  #expect(disk.crashImages().count == 1)
}
