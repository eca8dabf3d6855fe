import Benchmark
import ContactBook

/// The 10,000-contact book and the key presses, built once.
enum ContactBench {
  static let contactCount = 10_000
  static let fixture = ContactFixtures.book(count: contactCount)
  static let book = fixture.book
  /// 300 queries of 1–10 keys (1,700 or so key presses), typed in a cycle.
  static let queries = ContactFixtures.queries(from: fixture.contacts, count: 300)
  static let keyPresses = queries.reduce(0) { $0 + $1.count }
}

/// Where the typist is in the cycle of queries.
struct KeyCursor {
  var query = 0
  var key = 0

  /// The next key; `startsQuery` when it is the first key of a query (the
  /// search is cleared first, outside the measurement).
  mutating func next() -> (key: Character, startsQuery: Bool) {
    if key == ContactBench.queries[query].count {
      key = 0
      query = (query + 1) % ContactBench.queries.count
    }
    let startsQuery = key == 0
    let character = ContactBench.queries[query][key]
    key += 1
    return (character, startsQuery)
  }
}

/// Holds a search so every key press mutates it in place.
final class SearchBox: @unchecked Sendable {
  var search = ContactSearch()
  var cursor = KeyCursor()
}

/// Holds the baseline's search.
final class TutorialBox: @unchecked Sendable {
  var search = TutorialSearch(ContactBench.fixture.contacts)
  var cursor = KeyCursor()
}

let benchmarks: @Sendable () -> Void = {
  // Names are plain identifiers: the threshold files are named after them.

  // One key press of an incremental search over 10,000 contacts: narrowing
  // the previous key's matches, ranking the best 20 and finding what
  // matched in each of them (the highlight a screen shows).
  let box = SearchBox()
  Benchmark(
    "ContactKeyPress",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 2000,
      maxDuration: .seconds(3), maxIterations: 200_000,
      thresholds: [.mallocCountTotal: .init(absolute: [.p100: 0])])
  ) { benchmark in
    let book = ContactBench.book
    for _ in benchmark.scaledIterations {
      let next = box.cursor.next()
      if next.startsQuery { box.search.clear() }
      benchmark.startMeasurement()
      box.search.type(next.key, in: book)
      for index in 0..<box.search.rankedCount {
        blackHole(box.search.result(at: index, in: book))
      }
      benchmark.stopMeasurement()
    }
  }

  // The same through `results(in:)`, which returns the 20 results as an
  // array: one allocation for the array.
  let resultsBox = SearchBox()
  Benchmark(
    "ContactKeyPressResults",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 500,
      maxDuration: .seconds(3), maxIterations: 50_000)
  ) { benchmark in
    let book = ContactBench.book
    for _ in benchmark.scaledIterations {
      let next = resultsBox.cursor.next()
      if next.startsQuery { resultsBox.search.clear() }
      benchmark.startMeasurement()
      resultsBox.search.type(next.key, in: book)
      blackHole(resultsBox.search.results(in: book))
      benchmark.stopMeasurement()
    }
  }

  // The baseline: the tutorial's full scan of a Set on every key press,
  // the same book and the same key presses (one full cycle).
  let tutorial = TutorialBox()
  Benchmark(
    "ContactTutorialKeyPress",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 10,
      maxDuration: .seconds(60), maxIterations: ContactBench.keyPresses)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      let next = tutorial.cursor.next()
      if next.startsQuery { tutorial.search.clear() }
      benchmark.startMeasurement()
      tutorial.search.type(next.key)
      blackHole(tutorial.search.filtered.count)
      benchmark.stopMeasurement()
    }
  }

  // Building the 10,000-contact book and its index from scratch.
  Benchmark(
    "ContactBookAdd10000",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .milliseconds,
      warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 10)
  ) { benchmark in
    let contacts = ContactBench.fixture.contacts
    for _ in benchmark.scaledIterations {
      do {
        var book = try ContactBook(capacity: ContactBench.contactCount)
        for contact in contacts { try book.add(contact) }
        blackHole(book.count)
      } catch {
        fatalError("\(error)")
      }
    }
  }
}
