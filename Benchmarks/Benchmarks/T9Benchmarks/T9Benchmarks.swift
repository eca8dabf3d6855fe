import Benchmark
import KeypadInput
import T9Engine
import TextEntry

#if canImport(Glibc)
  import Glibc
#endif

/// The English word list and a sample of real text, read once.
enum Fixtures {
  static let root = FixturePaths.root

  static func readBytes(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count <= 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  static let englishList = String(decoding: readBytes("\(root)/Dictionaries/en.tsv"), as: UTF8.self)

  static let englishBytes: [UInt8] = {
    do {
      return try T9DictionaryBuilder.build(source: englishList, language: "en", file: "en.tsv")
    } catch { fatalError("\(error)") }
  }()

  static func dictionary() -> T9Dictionary {
    do { return try T9Dictionary(bytes: englishBytes, name: "en.t9dict") } catch {
      fatalError("\(error)")
    }
  }

  /// The English next-word table, built as `make` builds it (from the four
  /// texts of Corpus/).
  static let englishPairs: [UInt8] = {
    var builder = T9PairTableBuilder(dictionary: dictionary())
    for name in ["sherlock-holmes", "tom-sawyer", "alice-in-wonderland", "loc-workshop"] {
      builder.add(text: String(decoding: readBytes("\(root)/Corpus/\(name).txt"), as: UTF8.self))
    }
    return builder.build()
  }()

  /// The dictionary with its next-word table: completion and next words on.
  static func dictionaryWithPairs() -> T9Dictionary {
    let plain = dictionary()
    do {
      return plain.attaching(
        try T9PairTable(
          storage: T9DictionaryBytes(copying: englishPairs), name: "en.t9pairs", for: plain))
    } catch { fatalError("\(error)") }
  }

  /// Words of 1–12 letters from a real English text, as key presses.
  static let words: [[Key]] = {
    let text = String(decoding: readBytes("\(root)/Corpus/sherlock-holmes.txt"), as: UTF8.self)
    var result: [[Key]] = []
    var current: [Key] = []
    for scalar in text.unicodeScalars {
      if let digit = KeyLayout.key(for: scalar), let key = Key(digit: Int(digit)) {
        current.append(key)
      } else {
        if (1...12).contains(current.count) { result.append(current) }
        current.removeAll()
      }
      if result.count == 5000 { break }
    }
    return result
  }()
}

/// Types words key by key into a message editor, each followed by `0`
/// (a space), as in a message: every measured step is one key press, from
/// the key to the glass's candidate and offer (slips, completion and the
/// next words on, with the English pair table and learning). The field is
/// emptied, outside the measurement, every sixteen words.
struct Typist {
  var editor: TextEditor
  /// The learning store the typist lends the editor, as the phone does.
  var learning: UserDictionary?
  var word = 0
  var key = 0
  var time = Instant.zero
  /// Whether the field was emptied before the last gesture `next` gave.
  var cleared = false

  init(learning: Bool) {
    let predictor = Predictor(dictionary: Fixtures.dictionaryWithPairs())
    self.learning = learning ? UserDictionary(language: "en") : nil
    editor = TextEditor(contentType: .text, capacity: 459, predictor: predictor)
    editor.lengthLimit = .sms
  }

  /// Prepares the next key press (outside the measurement): the word's next
  /// key, or the space after it.
  mutating func next() -> Gesture {
    cleared = false
    time = time + .milliseconds(200)
    if key == Fixtures.words[word].count {
      key = 0
      word = (word + 1) % Fixtures.words.count
      return Gesture(.tap, .zero, at: time)
    }
    if key == 0 && word % 16 == 0 {
      // Sixteen words of up to 12 letters and their spaces fit one SMS.
      editor.clear()
      cleared = true
    }
    let gesture = Gesture(.tap, Fixtures.words[word][key], at: time)
    key += 1
    return gesture
  }

  /// One key press into the editor, with the store lent.
  mutating func press(_ gesture: Gesture) -> EditorOutcome {
    editor.handle(gesture, learning: &learning)
  }
}

/// Holds the typist so every key press mutates it in place.
final class TypistBox: @unchecked Sendable {
  var typist = Typist(learning: true)
}

let benchmarks: @Sendable () -> Void = {
  let perKey = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 2000,
    maxDuration: .seconds(3),
    maxIterations: 200_000,
    thresholds: [.mallocCountTotal: .init(absolute: [.p100: 0])]
  )

  Benchmark(
    "HarnessBaseline",
    configuration: .init(metrics: [.mallocCountTotal], maxDuration: .seconds(1))
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      benchmark.startMeasurement()
      blackHole(benchmark)
      benchmark.stopMeasurement()
    }
  }

  // Names are plain identifiers: the threshold files are named after them.

  // 1,000 key presses a sample: allocations per key press, free of the
  // harness's own per-sample allocations (see the baseline above).
  nonisolated(unsafe) var batchTypist = Typist(learning: true)
  Benchmark(
    "T9KeyPressBatch1000",
    configuration: .init(
      metrics: [.mallocCountTotal, .wallClock], timeUnits: .nanoseconds, warmupIterations: 5,
      scalingFactor: .kilo, maxDuration: .seconds(2), maxIterations: 200,
      thresholds: [.mallocCountTotal: .init(absolute: [.p100: 0])])
  ) { benchmark in
    var gestures = [Gesture](repeating: Gesture(.tap, .two, at: .zero), count: 1000)
    var clears = [Bool](repeating: false, count: 1000)
    for index in 0..<1000 {
      gestures[index] = batchTypist.next()
      clears[index] = batchTypist.cleared
    }
    var replay = batchTypist
    batchTypist.learning = nil  // the replay owns the store while it types
    replay.editor.clear()
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      if clears[index] { replay.editor.clear() }
      blackHole(replay.press(gestures[index]))
    }
    benchmark.stopMeasurement()
    batchTypist.editor = replay.editor
    batchTypist.learning = replay.learning
  }

  let box = TypistBox()
  Benchmark("T9KeyPress", configuration: perKey) { benchmark in
    for _ in benchmark.scaledIterations {
      let gesture = box.typist.next()
      benchmark.startMeasurement()
      blackHole(box.typist.press(gesture))
      benchmark.stopMeasurement()
    }
  }

  Benchmark(
    "T9DictionaryOpenValidate",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .milliseconds,
      maxDuration: .seconds(3), maxIterations: 200)
  ) { benchmark in
    let bytes = Fixtures.englishBytes
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      do { blackHole(try T9Dictionary(bytes: bytes, name: "en.t9dict")) } catch {
        fatalError("\(error)")
      }
    }
  }

  let learningPredictor = Predictor(dictionary: Fixtures.dictionary())
  nonisolated(unsafe) var learningStore: UserDictionary? = UserDictionary(language: "en")
  var candidates: [Candidate] = []
  var list = CandidateList()
  for word in Fixtures.words.prefix(3000) {
    var keys = KeySequence()
    for key in word { keys.append(key.digit ?? 1) }
    learningPredictor.candidates(for: keys, previous: nil, learned: learningStore, into: &list)
    if let first = list.first(where: { !$0.isStem }) { candidates.append(first) }
  }
  let learnable = candidates
  nonisolated(unsafe) var index = 0
  nonisolated(unsafe) var previous: UInt64 = 0
  Benchmark(
    "T9LearningUpdate",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 5000,
      maxDuration: .seconds(3), maxIterations: 100_000,
      thresholds: [.mallocCountTotal: .init(absolute: [.p100: 0])])
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      let candidate = learnable[index % learnable.count]
      index += 1
      benchmark.startMeasurement()
      learningPredictor.learn(candidate, previous: previous, into: &learningStore)
      benchmark.stopMeasurement()
      previous = UInt64(index)
    }
  }
}
