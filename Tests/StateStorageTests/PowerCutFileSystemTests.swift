import StateStorage
import SystemLayer
import Testing

/// Writes `text` to a new or emptied file at `path` and returns its descriptor.
private func create(_ disk: PowerCutFileSystem, _ path: String, _ text: String) throws -> Int32 {
  let fd = try disk.open(path, .create, permissions: 0o600).get()
  _ = try Array(text.utf8).withUnsafeBytes { disk.write(fd, $0) }.get()
  return fd
}

/// The error of a call that returns nothing, nil when it worked.
private func error(_ result: Result<Void, Errno>) -> Errno? {
  if case .failure(let error) = result { return error }
  return nil
}

/// What each image holds at `path` ("-" for nothing), sorted.
private func versions(_ disk: PowerCutFileSystem, _ path: String) -> [String] {
  disk.crashImages().map { image in
    image.contents(path).map { String(decoding: $0, as: UTF8.self) } ?? "-"
  }.sorted()
}

@Test("an unsynced write may be lost or kept; after fsync it is kept")
func powerCut_unsyncedDataMayBeLost() throws {
  let disk = PowerCutFileSystem()
  disk.place(Array("old".utf8), at: "/f")
  let fd = try disk.open("/f", .readWrite, permissions: 0).get()
  _ = try Array("new".utf8).withUnsafeBytes { disk.write(fd, $0, at: 0) }.get()
  #expect(versions(disk, "/f") == ["new", "old"])
  try disk.sync(fd).get()
  #expect(versions(disk, "/f") == ["new"])
}

@Test("a new file's name survives only once its folder is synced, not when the file is")
func powerCut_namesNeedTheFolderSynced() throws {
  let disk = PowerCutFileSystem()
  let fd = try create(disk, "/f", "data")
  try disk.sync(fd).get()
  #expect(Set(versions(disk, "/f")) == ["-", "data"])
  let folder = try disk.open("/", .directory, permissions: 0).get()
  try disk.sync(folder).get()
  #expect(versions(disk, "/f") == ["data"])
}

@Test("a rename may reach the disk before the data of the file it names")
func powerCut_renameBeforeData() throws {
  let disk = PowerCutFileSystem()
  disk.place(Array("old".utf8), at: "/f")
  _ = try create(disk, "/f.tmp", "new")
  try disk.rename("/f.tmp", to: "/f").get()
  #expect(Set(versions(disk, "/f")) == ["", "new", "old"])
}

@Test("a cut after N bytes tears the write that crosses N and fails every later call with EIO")
func powerCut_cutAfterBytes() throws {
  let disk = PowerCutFileSystem()
  disk.cutAfterBytes = 5
  let fd = try create(disk, "/f", "abc")
  let torn = Array("defgh".utf8).withUnsafeBytes { disk.write(fd, $0) }
  #expect(torn == .failure(.ioError))
  #expect(disk.isDown)
  #expect(error(disk.sync(fd)) == .ioError)
  #expect(disk.status(atPath: "/f") == .failure(.ioError))
  #expect(Set(versions(disk, "/f")) == ["-", "", "abc", "abcde"])
}

@Test("a cut at a call stops it before it takes effect; the calls before it are traced")
func powerCut_cutAtACall() throws {
  let disk = PowerCutFileSystem()
  disk.place(Array("old".utf8), at: "/f")
  disk.settle()
  disk.cut = .init(calls: 1, bytes: 0)
  _ = disk.rename("/f", to: "/g")
  #expect(error(disk.unlink("/f")) == .ioError)
  #expect(disk.trace.map(\.name) == ["rename"])
  #expect(
    disk.crashImages().allSatisfy { $0.contents("/f") == nil && $0.contents("/g") != nil } == false)
}

@Test("a reboot starts a new process: temporary files get another ID")
func powerCut_rebootChangesProcess() {
  let disk = PowerCutFileSystem()
  #expect(disk.crashImages().map { $0.processID() } == [disk.processID() + 1])
}
