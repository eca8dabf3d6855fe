import StateStorage

/// Runs a store's write with the power cut at every point — before every
/// system call and after every byte of every write — then reboots into
/// every disk the cut can leave (`PowerCutFileSystem.crashImages()`) and
/// loads it with the store's real loader: the content must be exactly the
/// old or exactly the new (only the new once the write returned), the
/// loader must not refuse it, and the next save on such a disk must work
/// and leave no temporary file.
struct CrashCheck<Content: Equatable> {
  /// Puts the old content on the disk (then settled: all of it durable).
  var setUp: (PowerCutFileSystem) throws -> Void
  /// The write under test.
  var write: (PowerCutFileSystem) throws -> Void
  /// The store's loader; throws when it refuses the disk.
  var load: (PowerCutFileSystem) throws -> Content
  /// What the loader gives before the write.
  var old: Content
  /// What it gives after.
  var new: Content
  /// The next save on a rebooted disk, given what was loaded; returns what
  /// a load must give after it.
  var next: (PowerCutFileSystem, Content) throws -> Content
  /// Other contents a cut may leave (and a finished write too, when it
  /// leaves cleaning up to the next one: an old report not yet removed).
  var acceptable: (Content) -> Bool = { _ in false }
  /// Every how many bytes of a write to cut (1: every byte); the first and
  /// last 16 bytes of each write are always cut.
  var stride = 1

  /// What a run found.
  struct Outcome {
    /// How many cut points were tried (the completed write included).
    var cutPoints = 0
    /// How many disks the cuts left (one per cut point and crash image).
    var images = 0
    /// How many of them were different, each loaded once.
    var distinctImages = 0
    /// How many of the distinct ones held the old content, and the new.
    var old = 0
    var new = 0
    /// How many held another acceptable content.
    var between = 0
    /// What went wrong (the first few).
    var problems: [String] = []
    /// How many problems in all.
    var problemCount = 0
  }

  /// A disk checked, and whether the write had returned.
  private struct Seen: Hashable {
    var entries: [String: PowerCutFileSystem.Entry]
    var completed: Bool
  }

  /// A disk the next save was tried on: what it held, and its names.
  private struct NextSave: Hashable {
    var loadedNew: Bool
    var names: Set<String>
  }

  /// Runs every cut.
  func run() throws -> Outcome {
    let base = PowerCutFileSystem()
    try setUp(base)
    base.settle()
    let dry = base.copy()
    try write(dry)
    var cuts: [PowerCutFileSystem.PowerCut?] = []
    for (index, call) in dry.trace.enumerated() {
      for byte in offsets(call.bytes) {
        cuts.append(PowerCutFileSystem.PowerCut(calls: index, bytes: byte))
      }
    }
    cuts.append(nil)
    var outcome = Outcome()
    // A disk already checked (many cuts leave the same one) is counted,
    // not loaded again.
    var checked: Set<Seen> = []
    var nextSaves: Set<NextSave> = []
    for cut in cuts {
      let disk = base.copy()
      disk.cut = cut
      let completed = (try? write(disk)) != nil
      outcome.cutPoints += 1
      if cut == nil && !completed { outcome.note("the write failed without a cut") }
      for image in disk.crashImages() {
        outcome.images += 1
        guard checked.insert(Seen(entries: image.entries, completed: completed)).inserted
        else { continue }
        outcome.distinctImages += 1
        check(image, completed: completed, cut: cut, &outcome, &nextSaves)
      }
    }
    return outcome
  }

  private func check(
    _ image: PowerCutFileSystem, completed: Bool, cut: PowerCutFileSystem.PowerCut?,
    _ outcome: inout Outcome, _ nextSaves: inout Set<NextSave>
  ) {
    let place = cut.map { "\($0)" } ?? "after the write"
    let loaded: Content
    do { loaded = try load(image) } catch {
      outcome.note("\(place): the loader refused the disk: \(error)")
      return
    }
    if loaded == new {
      outcome.new += 1
    } else if loaded == old && !completed {
      outcome.old += 1
    } else if acceptable(loaded) {
      outcome.between += 1
    } else {
      outcome.note(
        "\(place): \(completed ? "the write returned but the disk holds" : "a mix:") \(loaded)")
      return
    }
    // The next save is tried once per content and set of names: what a
    // leftover temporary file holds does not change what the save does.
    let shape = NextSave(loadedNew: loaded == new, names: Set(image.entries.keys))
    guard nextSaves.insert(shape).inserted else { return }
    do {
      let expected = try next(image, loaded)
      let after = try load(image)
      if after != expected { outcome.note("\(place): the next save gave \(after)") }
      let leftovers = image.entries.keys.filter { WholeFile.isTemporary(Folder.name(of: $0)) }
      if !leftovers.isEmpty { outcome.note("\(place): the next save left \(leftovers.sorted())") }
    } catch {
      outcome.note("\(place): the next save failed: \(error)")
    }
  }

  /// The bytes after which to cut a write of `count` bytes (0: before it).
  private func offsets(_ count: Int) -> [Int] {
    guard count > 0 else { return [0] }
    if stride <= 1 { return Array(0..<count) }
    let ends = Set(Array(0..<min(16, count)) + Array(max(0, count - 16)..<count))
    return ends.union(Swift.stride(from: 0, to: count, by: stride)).sorted()
  }
}

extension CrashCheck.Outcome {
  fileprivate mutating func note(_ problem: String) {
    problemCount += 1
    if problems.count < 5 { problems.append(problem) }
  }
}

/// `count` different words of letters only (`aa`, `ab`, …), for learning
/// stores.
func letterWords(_ count: Int) -> [String] {
  let letters: [Character] = Array("abcdefghijklmnopqrstuvwxyz")
  var words: [String] = []
  for index in 0..<count {
    let first: Character = letters[index / 26 % 26]
    let second: Character = letters[index % 26]
    words.append(String([first, second]))
  }
  return words
}
