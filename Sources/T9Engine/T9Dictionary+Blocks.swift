extension T9Dictionary {
  /// The cache slot holding block `block` with the keys and scores of its
  /// words `words` (places in the block) decoded, decoding those that are
  /// not (the file was validated, so decoding cannot fail).
  @inline(__always)
  func slot(ofBlock block: Int, keys words: ClosedRange<Int>, _ cache: T9BlockCache) -> Int {
    let wanted = T9BlockCache.bits(words)
    let slot: Int
    if let hit = cache.lookup(block, owner: fileChecksum) {
      slot = hit
      if cache.keysValid[slot] & wanted == wanted { return slot }
    } else {
      slot = cache.claim(block)
    }
    if ensureKeys(words, ofBlock: block, cache, slot: slot) != nil { cache.release(slot) }
    return slot
  }

  /// The cache slot holding block `block` with the text of its words
  /// `words` decoded too.
  @inline(__always)
  func slot(ofBlock block: Int, text words: ClosedRange<Int>, _ cache: T9BlockCache) -> Int {
    let slot = slot(ofBlock: block, keys: words, cache)
    let wanted = T9BlockCache.bits(words)
    if cache.textValid[slot] & wanted != wanted {
      if ensureText(words, ofBlock: block, cache, slot: slot) != nil { cache.release(slot) }
    }
    return slot
  }

  /// Decodes the keys and scores of `words` into `slot`: on from where the
  /// keys' stream stopped if it stopped within reach and the words before
  /// it are decoded, else from the last entry point at or before them.
  private func ensureKeys(
    _ words: ClosedRange<Int>, ofBlock block: Int, _ cache: T9BlockCache, slot: Int
  ) -> String? {
    let entry = entryPoints.start(block: block, atOrBefore: words.lowerBound)
    if !T9BlockCache.continues(cache.keysDone[slot], cache.keysValid[slot], to: words, from: entry)
    {
      guard resumeKeys(ofBlock: block, at: entry, cache, slot: slot) else {
        return "bad data offset"
      }
    }
    return decodeKeys(through: words.upperBound, into: cache, slot: slot)
  }

  /// Decodes the text of `words` into `slot` (their keys are decoded), as
  /// `ensureKeys` does with the letters' stream.
  private func ensureText(
    _ words: ClosedRange<Int>, ofBlock block: Int, _ cache: T9BlockCache, slot: Int
  ) -> String? {
    let entry = entryPoints.start(block: block, atOrBefore: words.lowerBound)
    var from = cache.lettersDone[slot]
    if !T9BlockCache.continues(from, cache.textValid[slot], to: words, from: entry) {
      guard resumeLetters(ofBlock: block, at: entry, cache, slot: slot) else {
        return "bad data offset"
      }
      from = cache.lettersDone[slot]
    }
    // The letters are coded on the keys: those of the words in between too.
    if from < words.lowerBound {
      let between = T9BlockCache.bits(from...words.upperBound)
      if cache.keysValid[slot] & between != between,
        let problem = ensureKeys(from...words.upperBound, ofBlock: block, cache, slot: slot)
      {
        return problem
      }
    }
    return decodeLetters(through: words.upperBound, into: cache, slot: slot)
  }

  /// Decodes all of block `block` into `slot` of `cache` and checks that
  /// its data ends where the index says; calls `partStarted` for each part
  /// but the first with the streams where it starts (before the last check
  /// of the block's end). Nil, or what is wrong with it.
  func decode(
    block: Int, into cache: T9BlockCache, slot: Int,
    partStarted: (_ part: Int, _ keys: RANSDecoder, _ letters: RANSDecoder) -> Void = { _, _, _ in }
  ) -> String? {
    cache.keysValid[slot] = 0
    cache.textValid[slot] = 0
    guard resumeKeys(ofBlock: block, at: 0, cache, slot: slot),
      resumeLetters(ofBlock: block, at: 0, cache, slot: slot)
    else { return "bad data offset" }
    let last = wordsIn(block: block) - 1
    var keys = cache.keyStreams[slot]
    var letters = cache.letterStreams[slot]
    var firstExtra = cache.firstExtras[slot]
    let parts = (last >> T9EntryPoints.partShift) + 1
    let problem: String? = withUnsafeTemporaryAllocation(
      of: RANSDecoder.self, capacity: 2 * parts
    ) { starts in
      let keyStarts = starts.baseAddress
      let letterStarts = starts.baseAddress.map { $0 + parts }
      let problem = tables.withView { view in
        decodeKeys(&keys, words: 0...last, view, into: cache, slot: slot, partStarts: keyStarts)
          ?? decodeLetters(
            &letters, words: 0...last, view, &firstExtra, into: cache, slot: slot,
            partStarts: letterStarts)
      }
      if problem == nil, let keyStarts, let letterStarts {
        for part in 1..<parts { partStarted(part, keyStarts[part], letterStarts[part]) }
      }
      return problem
    }
    cache.keyStreams[slot] = keys
    cache.letterStreams[slot] = letters
    cache.firstExtras[slot] = firstExtra
    cache.keysDone[slot] = last + 1
    cache.lettersDone[slot] = last + 1
    if let problem { return problem }
    guard keys.finishedCleanly, letters.finishedCleanly, keys.position == letters.position else {
      return "the data does not end where the index says"
    }
    cache.keysValid[slot] = T9BlockCache.bits(0...last)
    cache.textValid[slot] = T9BlockCache.bits(0...last)
    return nil
  }

  /// Opens `slot`'s keys' stream at place `start` of block `block`: its
  /// start (0) or an entry point, whose previous word goes in the place
  /// before. False if the index gives a bad place (the stream then fails
  /// at once).
  private func resumeKeys(ofBlock block: Int, at start: Int, _ cache: T9BlockCache, slot: Int)
    -> Bool
  {
    let (blockStart, blockEnd) = span(ofBlock: block)
    guard blockStart >= dataOffset, blockStart + 8 <= blockEnd, blockEnd <= dataEnd,
      block > 0 || blockStart == dataOffset
    else {
      cache.keyStreams[slot] = RANSDecoder()
      cache.keysDone[slot] = start
      return false
    }
    let bytes = UnsafeRawBufferPointer(storage.bytes)
    cache.keysDone[slot] = start
    guard start > 0,
      let entry = entryPoints.entry(block: block, part: start >> T9EntryPoints.partShift)
    else {
      // The block's start (callers ask for no part without an entry point).
      cache.keysDone[slot] = 0
      cache.keyStreams[slot] = RANSDecoder(bytes, start: blockStart, end: blockEnd)
      return true
    }
    cache.keyStreams[slot] = RANSDecoder(
      bytes, start: blockStart, end: blockEnd, backwards: false,
      position: blockStart + Int(entry.keyPosition),
      state: entry.keyState)
    let place = slot * cache.blockSize + start - 1
    let count = Int(entry.previousCount)
    let keys = cache.keys + place * T9DictionaryFormat.maximumWordBytes
    var packed = entry.previousKeys
    for index in 0..<count {
      keys[index] = UInt8(truncatingIfNeeded: packed & 15)
      packed >>= 4
    }
    cache.keyCounts[place] = UInt8(count)
    cache.scores[place] = entry.previousScore
    return true
  }

  /// Opens `slot`'s letters' stream at place `start` of block `block`, as
  /// `resumeKeys` does; an entry point's previous word becomes the letters
  /// the next word may keep.
  private func resumeLetters(
    ofBlock block: Int, at start: Int, _ cache: T9BlockCache, slot: Int
  ) -> Bool {
    let (blockStart, blockEnd) = span(ofBlock: block)
    let width = T9DictionaryFormat.maximumWordBytes
    cache.lettersDone[slot] = start
    cache.firstExtras[slot] = width
    guard blockStart >= dataOffset, blockStart + 8 <= blockEnd, blockEnd <= dataEnd,
      block > 0 || blockStart == dataOffset
    else {
      cache.letterStreams[slot] = RANSDecoder()
      return false
    }
    let bytes = UnsafeRawBufferPointer(storage.bytes)
    guard start > 0,
      let entry = entryPoints.entry(block: block, part: start >> T9EntryPoints.partShift)
    else {
      cache.lettersDone[slot] = 0
      cache.letterStreams[slot] = RANSDecoder(
        bytes, start: blockStart, end: blockEnd, backwards: true)
      return true
    }
    cache.letterStreams[slot] = RANSDecoder(
      bytes, start: blockStart, end: blockEnd, backwards: true,
      position: blockStart + Int(entry.letterPosition),
      state: entry.letterState)
    let scalars = cache.scalars + slot * width
    var keys = entry.previousKeys
    var places = entry.previousLetters
    for index in 0..<Int(entry.previousCount) {
      let key = UInt8(truncatingIfNeeded: keys & 15)
      scalars[index] = T9WordModel.letter(Int(places & 15), key: key) ?? 0
      keys >>= 4
      places >>= 4
    }
    return true
  }

  /// Decodes the keys and scores of `slot`'s words from where the stream
  /// stopped through place `last`.
  func decodeKeys(through last: Int, into cache: T9BlockCache, slot: Int) -> String? {
    let first = cache.keysDone[slot]
    guard first <= last else { return nil }
    var decoder = cache.keyStreams[slot]
    let problem = tables.withView { view in
      decodeKeys(&decoder, words: first...last, view, into: cache, slot: slot)
    }
    cache.keyStreams[slot] = decoder
    cache.keysDone[slot] = last + 1
    cache.keysValid[slot] |= T9BlockCache.bits(first...last)
    return problem
  }

  /// `partStarts`, if given, receives the stream where each part after
  /// the first starts (index: the part), for the entry points.
  private func decodeKeys(
    _ decoder: inout RANSDecoder, words: ClosedRange<Int>, _ view: FrequencyTables.View,
    into cache: T9BlockCache, slot: Int, partStarts: UnsafeMutablePointer<RANSDecoder>? = nil
  ) -> String? {
    let width = T9DictionaryFormat.maximumWordBytes
    let bases = tables.modelBase
    let sharedBase = bases[T9WordModel.shared]
    let keyBase = bases[T9WordModel.key]
    let dropBase = bases[T9WordModel.drop]
    let highBase = bases[T9WordModel.scoreHigh]
    let lowBase = bases[T9WordModel.scoreLow]
    let base = slot * cache.blockSize
    let first = base + words.lowerBound
    var previousCount = words.lowerBound > 0 ? Int(cache.keyCounts[first - 1]) : 0
    var previousScore = words.lowerBound > 0 ? Int(cache.scores[first - 1]) : 0
    for word in words {
      if let partStarts, word & (T9EntryPoints.partSize - 1) == 0 {
        partStarts[word >> T9EntryPoints.partShift] = decoder
      }
      let place = base + word
      let keys = cache.keys + place * width
      // 1–2: the keys.
      var shared = 0
      if word > 0 {
        shared = decoder.decode(
          sharedBase + T9WordModel.sharedContext(previousCount: previousCount), view)
        guard shared >= 0, shared <= previousCount else { return "bad shared key count" }
        // Exactly the shared keys: what lies past them was never written.
        UnsafeMutableRawPointer(keys).copyMemory(from: keys - width, byteCount: shared)
      }
      let previousKey: UInt8 = shared < previousCount ? (keys - width)[shared] : 10
      var count = shared
      var twoBack: UInt8 = count >= 2 ? keys[count - 2] : 0
      var oneBack: UInt8 = count >= 1 ? keys[count - 1] : 0
      while true {
        let context = T9WordModel.keyContext(
          first: word > 0 && count == shared, twoBack: twoBack, oneBack: oneBack,
          previousKey: previousKey)
        let key = decoder.decode(keyBase + context, view)
        guard key > 0 else {
          guard key == 0 else { return "bad key" }
          break
        }
        guard count < KeySequence.capacity else { return "a word is too long" }
        keys[count] = UInt8(key)
        count += 1
        twoBack = oneBack
        oneBack = UInt8(key)
      }
      guard count > 0 else { return "an empty word" }
      if word > 0 && shared < previousCount {
        guard count > shared, keys[shared] > previousKey else {
          return "words are not sorted by key sequence"
        }
      }
      let sameKeys = word > 0 && count == shared && shared == previousCount
      // 3: the score.
      var score = -1
      if sameKeys {
        let drop = decoder.decode(dropBase, view)
        guard drop >= 0 else { return "bad score" }
        if drop != T9WordModel.escape {
          guard drop <= previousScore else { return "bad score" }
          score = previousScore - drop
        }
      }
      if score < 0 {
        let high = decoder.decode(highBase + T9WordModel.scoreHighContext(keyCount: count), view)
        guard high >= 0 else { return "bad score" }
        if high == T9WordModel.escape {
          score = decoder.raw(8) << 8 | decoder.raw(8)
        } else {
          let low = decoder.decode(lowBase + T9WordModel.scoreLowContext(high: high), view)
          guard low >= 0 else { return "bad score" }
          score = high << 4 | low
        }
        guard !sameKeys || score <= previousScore else { return "words are not sorted by score" }
      }
      guard !decoder.failed else { return "the data ends early" }
      cache.keyCounts[place] = UInt8(count)
      cache.sharedCounts[place] = UInt8(shared)
      cache.scores[place] = UInt16(score)
      previousCount = count
      previousScore = score
    }
    return nil
  }

  /// Decodes the letters of `slot`'s words from where the stream stopped
  /// through place `last`, into UTF-8 text (their keys must be decoded).
  func decodeLetters(through last: Int, into cache: T9BlockCache, slot: Int) -> String? {
    let first = cache.lettersDone[slot]
    guard first <= last else { return nil }
    var decoder = cache.letterStreams[slot]
    var firstExtra = cache.firstExtras[slot]
    let problem = tables.withView { view in
      decodeLetters(&decoder, words: first...last, view, &firstExtra, into: cache, slot: slot)
    }
    cache.letterStreams[slot] = decoder
    cache.firstExtras[slot] = firstExtra
    cache.lettersDone[slot] = last + 1
    cache.textValid[slot] |= T9BlockCache.bits(first...last)
    return problem
  }

  private func decodeLetters(
    _ decoder: inout RANSDecoder, words: ClosedRange<Int>, _ view: FrequencyTables.View,
    _ firstExtra: inout Int, into cache: T9BlockCache, slot: Int,
    partStarts: UnsafeMutablePointer<RANSDecoder>? = nil
  ) -> String? {
    let width = T9DictionaryFormat.maximumWordBytes
    let letterShareBase = tables.modelBase[T9WordModel.letterShare]
    let letterBase = tables.modelBase[T9WordModel.letter]
    // The letters of the word: those a word keeps from the previous one
    // are already there. `firstExtra`: the first non-ASCII one, or `width`.
    let scalars = cache.scalars + slot * width
    let base = slot * cache.blockSize
    for word in words {
      if let partStarts, word & (T9EntryPoints.partSize - 1) == 0 {
        partStarts[word >> T9EntryPoints.partShift] = decoder
      }
      let place = base + word
      let keys = cache.keys + place * width
      let count = Int(cache.keyCounts[place])
      let shared = Int(cache.sharedCounts[place])
      let sameKeys = word > 0 && count == shared && shared == Int(cache.keyCounts[place - 1])
      // 4–5: the letters.
      var kept = 0
      if shared > 0 {
        kept = decoder.decode(
          letterShareBase + T9WordModel.letterShareContext(shared: shared, sameKeys: sameKeys),
          view)
        guard kept >= 0, kept <= shared else { return "bad shared letter count" }
      }
      var before: UInt32 = kept > 0 ? scalars[kept - 1] : 0
      if firstExtra >= kept { firstExtra = width }
      for index in kept..<count {
        let key = keys[index]
        let symbol = decoder.decode(
          letterBase + T9WordModel.letterContext(before: before, key: key), view)
        if let letter = T9WordModel.letter(symbol, key: key) {
          before = letter
        } else {
          guard symbol == T9WordModel.extraLetter else { return "bad letter" }
          var extra = 0
          var bits = extraBits
          while bits > 0 {
            let chunk = Swift.min(bits, 8)
            extra = extra << chunk | decoder.raw(chunk)
            bits -= chunk
          }
          guard extra < extras.count, extraKeys[extra] == key else { return "bad extra letter" }
          before = extras[extra]
          firstExtra = Swift.min(firstExtra, index)
        }
        scalars[index] = before
      }
      // The text, as UTF-8.
      let text = cache.text + place * width
      var length = count
      if firstExtra == width {
        for index in 0..<count { text[index] = UInt8(truncatingIfNeeded: scalars[index]) }
      } else {
        guard let encoded = T9Dictionary.utf8(scalars, count: count, into: text) else {
          return "a word is longer than 48 bytes"
        }
        length = encoded
      }
      guard !decoder.failed else { return "the data ends early" }
      cache.textLengths[place] = UInt8(length)
    }
    return nil
  }

  /// Writes `count` scalars as UTF-8 to `text`; their length, or nil if
  /// longer than `maximumWordBytes`.
  private static func utf8(
    _ scalars: UnsafeMutablePointer<UInt32>, count: Int, into text: UnsafeMutablePointer<UInt8>
  ) -> Int? {
    var length = 0
    for index in 0..<count {
      let value = scalars[index]
      let size = value < 0x80 ? 1 : (value < 0x800 ? 2 : (value < 0x10000 ? 3 : 4))
      guard length + size <= T9DictionaryFormat.maximumWordBytes else { return nil }
      if size == 1 {
        text[length] = UInt8(value)
      } else {
        var shift = UInt32(6 * (size - 1))
        let lead: UInt32 = size == 2 ? 0xC0 : (size == 3 ? 0xE0 : 0xF0)
        text[length] = UInt8(lead | value >> shift)
        for offset in 1..<size {
          shift -= 6
          text[length + offset] = UInt8(0x80 | (value >> shift) & 0x3F)
        }
      }
      length += size
    }
    return length
  }
}
