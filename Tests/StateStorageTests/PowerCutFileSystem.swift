import StateStorage
import SystemLayer

/// An in-memory file system that models what a power cut leaves on a disk,
/// for testing that every store survives one at any byte.
///
/// The model. Every file has durable content (what its last `fsync` made
/// durable) and the writes made since, in order. Every change to a folder's
/// names (a file created, a folder made, a rename, an unlink) is durable
/// only once that folder is `fsync`ed — not when the file itself is synced:
/// POSIX promises no more, and ext4 (data=ordered, delayed allocation)
/// really loses a new name or a rename without it. `cut` is the power cut:
/// after `cut.calls` calls, the next call takes effect with at most
/// `cut.bytes` of its bytes (a write torn after that many bytes, or a call
/// that never happened) and fails with `EIO`, like every call after it, as
/// if the machine had stopped. `cutAfterBytes` is the same cut by a byte
/// count over all writes: the write that crosses it writes only its share.
///
/// `crashImages()` are the disks a reboot can find: every combination of
/// (a) how many of the unsynced name changes reached the disk — none, the
/// first, the first two… all, in the order they were made — and (b) how
/// many of the unsynced writes did — none… all, in order, the last one
/// possibly torn (the cut's partial write). That covers the worst cases the
/// issue names: volatile data lost or kept, a torn prefix of the last
/// write, and folder changes since the last folder `fsync` lost or kept;
/// and it lets a rename reach the disk before the data of the file it
/// names, ext4's zero-length-file case. It is fair to ext4 because ext4
/// keeps no more than this after a cut (its journal commits name changes
/// in order; data not synced may or may not be written) and it assumes no
/// less: a byte is never changed that was not written, and `fsync` holds
/// what it promised. It does not model a disk that reorders sectors within
/// one write; the book's records carry checksums against that.
final class PowerCutFileSystem: FileSystem {
  /// Where the power goes: after `calls` calls, with `bytes` of the next.
  struct PowerCut: Hashable, CustomStringConvertible {
    var calls: Int
    var bytes: Int
    var description: String { "cut at call \(calls), byte \(bytes)" }
  }

  /// A call made, for the tests to enumerate the cut points.
  struct Call: Hashable {
    var name: String
    var bytes: Int
  }

  /// A name change, kept until its folder is synced.
  private enum NameChange {
    case link(String, Int)
    case unlink(String)
    case rename(String, String)
  }

  private struct PendingName {
    var change: NameChange
    var unsyncedFolders: Set<String>
  }

  private struct PendingWrite {
    var node: Int
    var offset: Int
    var bytes: [UInt8]
    var truncates: Bool
    var synced: Bool
  }

  private struct Descriptor {
    var node: Int
    var path: String
    var offset: Int
  }

  /// A file or folder on a rebooted disk, to compare images.
  enum Entry: Hashable {
    case folder
    case file([UInt8])
  }

  /// The cut to make (nil: none).
  var cut: PowerCut?
  /// A cut after this many bytes written in all (nil: none).
  var cutAfterBytes: Int?
  /// The most bytes one `write` or `pwrite` takes (nil: all), to test the
  /// loops that continue a short write.
  var largestWrite: Int?
  /// Calls (by name: `fsync`, `rename`…) that fail with an error while the
  /// power is on, without taking effect.
  var failures: [String: Errno] = [:]
  /// The process ID temporary files are named with; a reboot takes the next.
  var processIdentifier: Int32 = 4242
  /// The calls made so far.
  private(set) var trace: [Call] = []
  /// Whether the power is out.
  private(set) var isDown = false

  private var durableNames: [String: Int] = ["/": 0]
  private var durableBytes: [Int: [UInt8]] = [:]
  private var folders: Set<Int> = [0]
  private var names: [String: Int] = ["/": 0]
  private var bytes: [Int: [UInt8]] = [:]
  private var pendingNames: [PendingName] = []
  private var pendingWrites: [PendingWrite] = []
  private var descriptors: [Int32: Descriptor] = [:]
  private var nextNode = 1
  private var nextDescriptor: Int32 = 3

  /// An empty disk with only `/`.
  init() {}

  /// A copy of this disk and its state (to run one cut on).
  func copy() -> PowerCutFileSystem {
    let other = PowerCutFileSystem()
    other.durableNames = durableNames
    other.durableBytes = durableBytes
    other.folders = folders
    other.names = names
    other.bytes = bytes
    other.pendingNames = pendingNames
    other.pendingWrites = pendingWrites
    other.descriptors = descriptors
    other.nextNode = nextNode
    other.nextDescriptor = nextDescriptor
    other.processIdentifier = processIdentifier
    return other
  }

  /// A clean shutdown: everything is durable, nothing open, the trace empty.
  func settle() {
    durableNames = names
    durableBytes = bytes
    pendingNames = []
    pendingWrites = []
    descriptors = [:]
    trace = []
  }

  /// The disks a reboot can find now (distinct ones), each powered on
  /// with nothing pending and the next process ID.
  func crashImages() -> [PowerCutFileSystem] {
    let nameCount = pendingNames.count { !$0.unsyncedFolders.isEmpty }
    let writeCount = pendingWrites.count { !$0.synced }
    var seen: Set<[String: Entry]> = []
    var images: [PowerCutFileSystem] = []
    for keptNames in 0...nameCount {
      for keptWrites in 0...writeCount {
        let image = self.image(keptNames: keptNames, keptWrites: keptWrites)
        guard seen.insert(image.entries).inserted else { continue }
        images.append(image)
      }
    }
    return images
  }

  /// Every name on the disk (as the running system sees it) with its content.
  var entries: [String: Entry] {
    var result: [String: Entry] = [:]
    for (path, node) in names {
      result[path] = folders.contains(node) ? .folder : .file(bytes[node] ?? [])
    }
    return result
  }

  /// The content of a file, nil when there is none.
  func contents(_ path: String) -> [UInt8]? {
    guard let node = names[path], !folders.contains(node) else { return nil }
    return bytes[node] ?? []
  }

  /// Puts a file on the disk, durable at once (for setting up a test).
  func place(_ content: [UInt8], at path: String) {
    let node = nextNode
    nextNode += 1
    names[path] = node
    bytes[node] = content
    durableNames[path] = node
    durableBytes[node] = content
  }

  // MARK: - FileSystem

  func open(_ path: String, _ access: FileAccess, permissions: UInt32) -> Result<Int32, Errno> {
    guard begin("open") != nil else { return .failure(failure("open")) }
    let node: Int
    switch (access, names[path]) {
    case (.create, let existing?):
      if folders.contains(existing) { return .failure(.isADirectory) }
      node = existing
      bytes[node] = []
      pendingWrites.append(
        PendingWrite(node: node, offset: 0, bytes: [], truncates: true, synced: false))
    case (.create, nil):
      guard let parent = names[Folder.path(of: path)] else { return .failure(.noSuchFile) }
      guard folders.contains(parent) else { return .failure(.notADirectory) }
      node = nextNode
      nextNode += 1
      names[path] = node
      bytes[node] = []
      record(.link(path, node), folders: [Folder.path(of: path)])
    case (_, nil):
      return .failure(.noSuchFile)
    case (.directory, let existing?):
      guard folders.contains(existing) else { return .failure(.notADirectory) }
      node = existing
    case (.readWrite, let existing?):
      if folders.contains(existing) { return .failure(.isADirectory) }
      node = existing
    case (.read, let existing?):
      node = existing
    }
    let fd = nextDescriptor
    nextDescriptor += 1
    descriptors[fd] = Descriptor(node: node, path: path, offset: 0)
    return .success(fd)
  }

  func close(_ fd: Int32) -> Result<Void, Errno> {
    guard begin("close") != nil else { return .failure(failure("close")) }
    guard descriptors.removeValue(forKey: fd) != nil else { return .failure(.badFileDescriptor) }
    return .success(())
  }

  func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
    guard begin("read") != nil else { return .failure(failure("read")) }
    guard let descriptor = descriptors[fd] else { return .failure(.badFileDescriptor) }
    let content = bytes[descriptor.node] ?? []
    let count = max(0, min(buffer.count, content.count - descriptor.offset))
    content.withUnsafeBytes { source in
      buffer.copyMemory(
        from: UnsafeRawBufferPointer(
          rebasing: source[descriptor.offset..<(descriptor.offset + count)]))
    }
    descriptors[fd]?.offset += count
    return .success(count)
  }

  func write(_ fd: Int32, _ data: UnsafeRawBufferPointer) -> Result<Int, Errno> {
    guard let descriptor = descriptors[fd] else {
      return begin("write") == nil ? .failure(.ioError) : .failure(.badFileDescriptor)
    }
    let result = write(descriptor, data, at: descriptor.offset)
    if case .success(let count) = result { descriptors[fd]?.offset += count }
    return result
  }

  func write(_ fd: Int32, _ data: UnsafeRawBufferPointer, at offset: Int) -> Result<Int, Errno> {
    guard let descriptor = descriptors[fd] else {
      return begin("pwrite") == nil ? .failure(.ioError) : .failure(.badFileDescriptor)
    }
    return write(descriptor, data, at: offset, name: "pwrite")
  }

  func sync(_ fd: Int32) -> Result<Void, Errno> {
    guard begin("fsync") != nil else { return .failure(failure("fsync")) }
    guard let descriptor = descriptors[fd] else { return .failure(.badFileDescriptor) }
    if folders.contains(descriptor.node) {
      for index in pendingNames.indices {
        pendingNames[index].unsyncedFolders.remove(descriptor.path)
      }
    } else {
      for index in pendingWrites.indices where pendingWrites[index].node == descriptor.node {
        pendingWrites[index].synced = true
      }
    }
    return .success(())
  }

  func status(_ fd: Int32) -> Result<FileStatus, Errno> {
    guard begin("fstat") != nil else { return .failure(failure("fstat")) }
    guard let descriptor = descriptors[fd] else { return .failure(.badFileDescriptor) }
    return .success(status(of: descriptor.node))
  }

  func status(atPath path: String) -> Result<FileStatus, Errno> {
    guard begin("stat") != nil else { return .failure(failure("stat")) }
    guard let node = names[path] else { return .failure(.noSuchFile) }
    return .success(status(of: node))
  }

  func rename(_ source: String, to target: String) -> Result<Void, Errno> {
    guard begin("rename") != nil else { return .failure(failure("rename")) }
    guard let node = names[source] else { return .failure(.noSuchFile) }
    guard names[Folder.path(of: target)] != nil else { return .failure(.noSuchFile) }
    if let existing = names[target], folders.contains(existing) { return .failure(.isADirectory) }
    names[source] = nil
    names[target] = node
    record(.rename(source, target), folders: [Folder.path(of: source), Folder.path(of: target)])
    return .success(())
  }

  func unlink(_ path: String) -> Result<Void, Errno> {
    guard begin("unlink") != nil else { return .failure(failure("unlink")) }
    guard let node = names[path] else { return .failure(.noSuchFile) }
    if folders.contains(node) { return .failure(.isADirectory) }
    names[path] = nil
    record(.unlink(path), folders: [Folder.path(of: path)])
    return .success(())
  }

  func makeDirectory(_ path: String, permissions: UInt32) -> Result<Void, Errno> {
    guard begin("mkdir") != nil else { return .failure(failure("mkdir")) }
    if names[path] != nil { return .failure(.fileExists) }
    guard let parent = names[Folder.path(of: path)] else { return .failure(.noSuchFile) }
    guard folders.contains(parent) else { return .failure(.notADirectory) }
    let node = nextNode
    nextNode += 1
    folders.insert(node)
    names[path] = node
    record(.link(path, node), folders: [Folder.path(of: path)])
    return .success(())
  }

  func listDirectory(_ path: String) -> Result<[DirectoryEntry], Errno> {
    guard begin("readdir") != nil else { return .failure(failure("readdir")) }
    guard let node = names[path] else { return .failure(.noSuchFile) }
    guard folders.contains(node) else { return .failure(.notADirectory) }
    let entries = names.filter { $0.key != "/" && Folder.path(of: $0.key) == path }
      .map { DirectoryEntry(name: Folder.name(of: $0.key), isFile: !folders.contains($0.value)) }
    return .success(entries.sorted { $0.name < $1.name })
  }

  func processID() -> Int32 { processIdentifier }

  func message(for error: Errno) -> String { error.description }

  // MARK: - The power

  /// Counts a call; nil when the power is out (or goes out before it takes
  /// effect), else how many of its `count` bytes it may write (fewer when
  /// the power goes out during it).
  private func begin(_ name: String, bytes count: Int = 0) -> Int? {
    if isDown { return nil }
    if let cut, trace.count == cut.calls {
      isDown = true
      let allowed = min(cut.bytes, count)
      return allowed > 0 ? allowed : nil
    }
    trace.append(Call(name: name, bytes: count))
    if failures[name] != nil { return nil }
    if let budget = cutAfterBytes {
      if count > budget {
        isDown = true
        return budget > 0 ? budget : nil
      }
      cutAfterBytes = budget - count
    }
    return count
  }

  /// The error of a call that did not take effect: `EIO` once the power
  /// is out, else the one `failures` names.
  private func failure(_ name: String) -> Errno {
    isDown ? .ioError : failures[name] ?? .ioError
  }

  private func write(
    _ descriptor: Descriptor, _ data: UnsafeRawBufferPointer, at offset: Int,
    name: String = "write"
  ) -> Result<Int, Errno> {
    guard let allowed = begin(name, bytes: data.count) else { return .failure(failure(name)) }
    let written = Array(data.prefix(min(allowed, largestWrite ?? allowed)))
    apply(written, at: offset, to: &bytes[descriptor.node, default: []])
    pendingWrites.append(
      PendingWrite(
        node: descriptor.node, offset: offset, bytes: written, truncates: false, synced: false))
    return isDown ? .failure(.ioError) : .success(written.count)
  }

  private func record(_ change: NameChange, folders: Set<String>) {
    pendingNames.append(PendingName(change: change, unsyncedFolders: folders))
  }

  private func status(of node: Int) -> FileStatus {
    folders.contains(node)
      ? FileStatus(kind: .directory, size: 0)
      : FileStatus(kind: .file, size: bytes[node]?.count ?? 0)
  }

  private func apply(_ data: [UInt8], at offset: Int, to content: inout [UInt8]) {
    if content.count < offset + data.count {
      content += [UInt8](repeating: 0, count: offset + data.count - content.count)
    }
    content.replaceSubrange(offset..<(offset + data.count), with: data)
  }

  private func isReachable(_ path: String, in names: [String: Int]) -> Bool {
    var current = path
    while current != "/" {
      current = Folder.path(of: current)
      guard let node = names[current], folders.contains(node) else { return false }
    }
    return true
  }

  /// The disk with the synced changes, the first `keptNames` unsynced name
  /// changes and the first `keptWrites` unsynced writes.
  private func image(keptNames: Int, keptWrites: Int) -> PowerCutFileSystem {
    var imageNames = durableNames
    var unsynced = 0
    for pending in pendingNames {
      if !pending.unsyncedFolders.isEmpty {
        unsynced += 1
        if unsynced > keptNames { continue }
      }
      switch pending.change {
      case .link(let path, let node): imageNames[path] = node
      case .unlink(let path): imageNames[path] = nil
      case .rename(let source, let target):
        guard let node = imageNames[source] else { continue }
        imageNames[source] = nil
        imageNames[target] = node
      }
    }
    // A name whose folder did not reach the disk did not either.
    imageNames = imageNames.filter { isReachable($0.key, in: imageNames) }
    var imageBytes = durableBytes
    unsynced = 0
    for pending in pendingWrites {
      if !pending.synced {
        unsynced += 1
        if unsynced > keptWrites { continue }
      }
      if pending.truncates {
        imageBytes[pending.node] = []
      } else {
        apply(pending.bytes, at: pending.offset, to: &imageBytes[pending.node, default: []])
      }
    }
    let image = PowerCutFileSystem()
    let reachable = Set(imageNames.values)
    image.durableNames = imageNames
    image.names = imageNames
    image.durableBytes = imageBytes.filter { reachable.contains($0.key) }
    image.bytes = image.durableBytes
    image.folders = folders.filter { reachable.contains($0) }
    image.nextNode = nextNode
    image.processIdentifier = processIdentifier + 1
    return image
  }
}
