/// Codes sorted words into the `.t9dict` layout (the builder's second
/// half): each word becomes the symbols of `T9WordModel`, the symbols'
/// frequencies become the tables, and each block is coded with them.
enum T9DictionaryEncoder {
  /// One coded symbol: a table context and symbol, or (context -1) `bits`
  /// raw bits.
  private struct Event {
    var context: Int
    var symbol: Int
    var bits = 0
  }

  static func assemble(
    _ entries: [T9DictionaryBuilder.Entry], language: [UInt8], sourceChecksum: UInt64,
    file: String
  ) throws(T9DictionaryError) -> [UInt8] {
    let count = entries.count
    let blockSize = 1 << T9DictionaryFormat.blockShift
    let blockCount = (count + blockSize - 1) / blockSize
    var extraSet: Set<UInt32> = []
    for entry in entries {
      for (index, scalar) in entry.scalars.enumerated()
      where T9WordModel.letterSymbol(scalar, key: entry.keys[index]) == nil {
        extraSet.insert(scalar)
      }
    }
    let extras = extraSet.sorted()
    var extraIndex: [UInt32: Int] = [:]
    for (index, scalar) in extras.enumerated() { extraIndex[scalar] = index }
    let extraBits = T9WordModel.extraBits(count: extras.count)
    let bases = FrequencyTables.modelBases()
    let contextTotal = T9WordModel.contextCounts.reduce(0, +)
    var blocks: [(keys: [Event], letters: [Event])] = []
    for block in 0..<blockCount {
      let words = entries[(block * blockSize)..<Swift.min(count, (block + 1) * blockSize)]
      blocks.append(events(words, bases: bases, extraIndex: extraIndex, extraBits: extraBits))
    }
    // The tables: each context's symbol counts as codes.
    var counts = [[Int]](
      repeating: [Int](repeating: 0, count: 64), count: contextTotal)
    for events in blocks {
      for event in events.keys + events.letters where event.context >= 0 {
        counts[event.context][event.symbol] += 1
      }
    }
    var tableBytes: [UInt8] = []
    var coding = [[(cumulative: Int, frequency: Int)]](
      repeating: [(cumulative: Int, frequency: Int)](
        repeating: (cumulative: 0, frequency: 0), count: 64), count: contextTotal)
    for context in 0..<contextTotal {
      let row = counts[context]
      let maximum = row.max() ?? 0
      let extent = (row.lastIndex { $0 > 0 } ?? -1) + 1
      tableBytes.append(UInt8(extent))
      var codes = InlineArray<64, UInt8>(repeating: 0)
      for symbol in 0..<extent {
        codes[symbol] = FrequencyTables.code(count: row[symbol], maximum: maximum)
        tableBytes.append(codes[symbol])
      }
      guard extent > 0 else { continue }
      FrequencyTables.normalised(codes, count: extent) { symbol, cumulative, frequency in
        coding[context][symbol] = (cumulative, frequency)
      }
    }
    // The blocks.
    var data: [UInt8] = []
    var index: [UInt8] = []
    for (block, events) in blocks.enumerated() {
      guard data.count < 1 << 24 else {
        throw T9DictionaryError(file: file, "too many words: the coded words pass 16 MB")
      }
      let highest =
        entries[(block * blockSize)..<Swift.min(count, (block + 1) * blockSize)].map {
          $0.score
        }.max() ?? 0
      index.append(contentsOf: [0, 0, 0, 0, 0])
      ByteReader.put24(data.count, into: &index, at: index.count - 5)
      ByteReader.put16(highest, into: &index, at: index.count - 2)
      data.append(contentsOf: encoded(events.keys, coding).finish())
      data.append(contentsOf: encoded(events.letters, coding).finish().reversed())
    }
    var extraBytes: [UInt8] = [0, 0]
    ByteReader.put16(extras.count, into: &extraBytes, at: 0)
    for scalar in extras {
      extraBytes.append(contentsOf: [0, 0, 0])
      ByteReader.put24(Int(scalar), into: &extraBytes, at: extraBytes.count - 3)
    }
    let header = T9DictionaryFormat.headerSize
    let extrasOffset = header + tableBytes.count
    let indexOffset = extrasOffset + extraBytes.count
    let dataOffset = indexOffset + index.count
    let length = dataOffset + data.count
    var bytes = [UInt8](repeating: 0, count: header)
    for (place, byte) in T9DictionaryFormat.magic.enumerated() { bytes[place] = byte }
    ByteReader.put16(Int(T9DictionaryFormat.version), into: &bytes, at: 8)
    ByteReader.put16(header, into: &bytes, at: 10)
    bytes[12] = language[0]
    bytes[13] = language[1]
    bytes[14] = UInt8(T9DictionaryFormat.blockShift)
    ByteReader.put32(count, into: &bytes, at: 16)
    ByteReader.put32(header, into: &bytes, at: 20)
    ByteReader.put32(extrasOffset, into: &bytes, at: 24)
    ByteReader.put32(indexOffset, into: &bytes, at: 28)
    ByteReader.put32(dataOffset, into: &bytes, at: 32)
    ByteReader.put32(data.count, into: &bytes, at: 36)
    ByteReader.put32(length, into: &bytes, at: 40)
    ByteReader.put64(sourceChecksum, into: &bytes, at: 44)
    bytes.append(contentsOf: tableBytes)
    bytes.append(contentsOf: extraBytes)
    bytes.append(contentsOf: index)
    bytes.append(contentsOf: data)
    let checksum = bytes.withUnsafeBytes { T9DictionaryFormat.fileChecksum($0) }
    ByteReader.put64(checksum, into: &bytes, at: T9DictionaryFormat.checksumOffset)
    return bytes
  }

  /// `events` through an encoder with the tables' frequencies.
  private static func encoded(
    _ events: [Event], _ coding: [[(cumulative: Int, frequency: Int)]]
  ) -> RANSEncoder {
    var encoder = RANSEncoder()
    for event in events {
      if event.context < 0 {
        encoder.addRaw(event.symbol, count: event.bits)
      } else {
        let (cumulative, frequency) = coding[event.context][event.symbol]
        encoder.add(cumulative: cumulative, frequency: frequency)
      }
    }
    return encoder
  }

  /// The symbols of one block, as `T9Dictionary.decode` reads them: every
  /// word's keys and score (the forward stream), and every word's letters
  /// (the backward stream).
  private static func events(
    _ words: ArraySlice<T9DictionaryBuilder.Entry>, bases: [Int], extraIndex: [UInt32: Int],
    extraBits: Int
  ) -> (keys: [Event], letters: [Event]) {
    var keys: [Event] = []
    var letters: [Event] = []
    var previous: T9DictionaryBuilder.Entry?
    for word in words {
      wordEvents(
        word, after: previous, bases: bases, extraIndex: extraIndex, extraBits: extraBits,
        keys: &keys, letters: &letters)
      previous = word
    }
    return (keys, letters)
  }

  /// One word's symbols: its keys and score into `keys`, its letters into
  /// `letters`.
  private static func wordEvents(
    _ word: T9DictionaryBuilder.Entry, after previous: T9DictionaryBuilder.Entry?, bases: [Int],
    extraIndex: [UInt32: Int], extraBits: Int, keys keyEvents: inout [Event],
    letters letterEvents: inout [Event]
  ) {
    let keys = word.keys
    let count = keys.count
    var shared = 0
    var previousKeys: [UInt8] = []
    var previousScalars: [UInt32] = []
    if let previous {
      previousKeys = previous.keys
      previousScalars = previous.scalars
      while shared < Swift.min(count, previousKeys.count) && keys[shared] == previousKeys[shared] {
        shared += 1
      }
      keyEvents.append(
        Event(
          context: bases[T9WordModel.shared]
            + T9WordModel.sharedContext(previousCount: previousKeys.count), symbol: shared))
    }
    for place in shared...count {
      let context = T9WordModel.keyContext(
        first: previous != nil && place == shared, twoBack: place >= 2 ? keys[place - 2] : 0,
        oneBack: place >= 1 ? keys[place - 1] : 0,
        previousKey: shared < previousKeys.count ? previousKeys[shared] : 10)
      keyEvents.append(
        Event(
          context: bases[T9WordModel.key] + context,
          symbol: place < count ? Int(keys[place]) : 0))
    }
    let sameKeys = previous != nil && count == shared && shared == previousKeys.count
    var kept = 0
    if shared > 0 {
      while kept < shared && word.scalars[kept] == previousScalars[kept] { kept += 1 }
      letterEvents.append(
        Event(
          context: bases[T9WordModel.letterShare]
            + T9WordModel.letterShareContext(shared: shared, sameKeys: sameKeys), symbol: kept))
    }
    for place in kept..<count {
      let scalar = word.scalars[place]
      let context =
        bases[T9WordModel.letter]
        + T9WordModel.letterContext(
          before: place > 0 ? word.scalars[place - 1] : 0, key: keys[place])
      if let symbol = T9WordModel.letterSymbol(scalar, key: keys[place]) {
        letterEvents.append(Event(context: context, symbol: symbol))
      } else {
        letterEvents.append(Event(context: context, symbol: T9WordModel.extraLetter))
        let extra = extraIndex[scalar] ?? 0
        var bits = extraBits
        while bits > 0 {
          let chunk = Swift.min(bits, 8)
          letterEvents.append(
            Event(
              context: -1, symbol: (extra >> (bits - chunk)) & ((1 << chunk) - 1), bits: chunk))
          bits -= chunk
        }
      }
    }
    let score = word.score
    var coded = false
    if sameKeys, let previous {
      let drop = previous.score - score
      let symbol = drop < T9WordModel.escape ? drop : T9WordModel.escape
      keyEvents.append(Event(context: bases[T9WordModel.drop], symbol: symbol))
      coded = symbol != T9WordModel.escape
    }
    if !coded {
      let high = score >> 4
      let context = bases[T9WordModel.scoreHigh] + T9WordModel.scoreHighContext(keyCount: count)
      if high < T9WordModel.escape {
        keyEvents.append(Event(context: context, symbol: high))
        keyEvents.append(
          Event(
            context: bases[T9WordModel.scoreLow] + T9WordModel.scoreLowContext(high: high),
            symbol: score & 15))
      } else {
        keyEvents.append(Event(context: context, symbol: T9WordModel.escape))
        keyEvents.append(Event(context: -1, symbol: score >> 8, bits: 8))
        keyEvents.append(Event(context: -1, symbol: score & 255, bits: 8))
      }
    }
  }
}
