extension T9Dictionary {
  /// The cache slot holding block `block`, decoding it there if it is not
  /// already (the file was validated, so decoding cannot fail).
  @inline(__always)
  func slot(ofBlock block: Int, _ cache: T9BlockCache) -> Int {
    if let slot = cache.lookup(block, owner: fileChecksum) { return slot }
    let slot = cache.claim(block)
    if decode(block: block, into: cache, slot: slot) != nil { cache.release(slot) }
    return slot
  }

  /// Decodes block `block` into `slot` of `cache`: each word's keys, UTF-8
  /// text and score. Nil, or what is wrong with the block.
  func decode(block: Int, into cache: T9BlockCache, slot: Int) -> String? {
    let (start, end) = span(ofBlock: block)
    guard start >= dataOffset, start + 4 <= end, end <= dataEnd,
      block > 0 || start == dataOffset
    else { return "bad data offset" }
    let words = wordsIn(block: block)
    let width = T9DictionaryFormat.maximumWordBytes
    let base = slot * cache.blockSize
    let bases = tables.modelBase
    let sharedBase = bases[T9WordModel.shared]
    let keyBase = bases[T9WordModel.key]
    let letterShareBase = bases[T9WordModel.letterShare]
    let letterBase = bases[T9WordModel.letter]
    let dropBase = bases[T9WordModel.drop]
    let highBase = bases[T9WordModel.scoreHigh]
    let lowBase = bases[T9WordModel.scoreLow]
    var decoder = RANSDecoder(UnsafeRawBufferPointer(storage.bytes), start: start, end: end)
    // The scalars of the previous word and of this one, in two halves.
    var scalars = InlineArray<96, UInt32>(repeating: 0)
    var previous = 0
    var current = 48
    var previousCount = 0
    var previousScore = 0
    return tables.entries.withUnsafeBufferPointer { entries in
      tables.starts.withUnsafeBufferPointer { starts -> String? in
        for word in 0..<words {
          let place = base + word
          let keys = cache.keys + place * width
          let previousKeys = keys - width
          // 1–2: the keys.
          var shared = 0
          if word > 0 {
            shared = decoder.decode(
              sharedBase + T9WordModel.sharedContext(previousCount: previousCount), entries, starts)
            guard shared >= 0, shared <= previousCount else { return "bad shared key count" }
            for index in 0..<shared { keys[index] = previousKeys[index] }
          }
          var count = shared
          while true {
            let first = word > 0 && count == shared
            let context = T9WordModel.keyContext(
              first: first, twoBack: count >= 2 ? keys[count - 2] : 0,
              oneBack: count >= 1 ? keys[count - 1] : 0,
              previousKey: shared < previousCount ? previousKeys[shared] : 10)
            let key = decoder.decode(keyBase + context, entries, starts)
            guard key >= 0 else { return "bad key" }
            if key == 0 { break }
            guard count < KeySequence.capacity else { return "a word is too long" }
            keys[count] = UInt8(key)
            count += 1
          }
          guard count > 0 else { return "an empty word" }
          if word > 0 && shared < previousCount {
            guard count > shared, keys[shared] > previousKeys[shared] else {
              return "words are not sorted by key sequence"
            }
          }
          let sameKeys = word > 0 && count == shared && shared == previousCount
          // 3–4: the letters.
          var kept = 0
          if shared > 0 {
            kept = decoder.decode(
              letterShareBase
                + T9WordModel.letterShareContext(shared: shared, sameKeys: sameKeys),
              entries, starts)
            guard kept >= 0, kept <= shared else { return "bad shared letter count" }
            for index in 0..<kept { scalars[current + index] = scalars[previous + index] }
          }
          for index in kept..<count {
            let key = keys[index]
            let before = index > 0 ? scalars[current + index - 1] : 0
            let symbol = decoder.decode(
              letterBase + T9WordModel.letterContext(before: before, key: key), entries, starts)
            if symbol == T9WordModel.extraLetter {
              var extra = 0
              var bits = extraBits
              while bits > 0 {
                let chunk = Swift.min(bits, 8)
                extra = extra << chunk | decoder.raw(chunk)
                bits -= chunk
              }
              guard extra < extras.count, extraKeys[extra] == key else {
                return "bad extra letter"
              }
              scalars[current + index] = extras[extra]
            } else {
              guard symbol >= 0, let letter = T9WordModel.letter(symbol, key: key) else {
                return "bad letter"
              }
              scalars[current + index] = letter
            }
          }
          // The text, as UTF-8.
          let text = cache.text + place * width
          var length = 0
          for index in 0..<count {
            let value = scalars[current + index]
            let size = value < 0x80 ? 1 : (value < 0x800 ? 2 : (value < 0x10000 ? 3 : 4))
            guard length + size <= width else { return "a word is longer than 48 bytes" }
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
          // 5: the score.
          var score = -1
          if sameKeys {
            let drop = decoder.decode(dropBase, entries, starts)
            guard drop >= 0 else { return "bad score" }
            if drop != T9WordModel.escape {
              guard drop <= previousScore else { return "bad score" }
              score = previousScore - drop
            }
          }
          if score < 0 {
            let high = decoder.decode(
              highBase + T9WordModel.scoreHighContext(keyCount: count), entries, starts)
            guard high >= 0 else { return "bad score" }
            if high == T9WordModel.escape {
              score = decoder.raw(8) << 8 | decoder.raw(8)
            } else {
              let low = decoder.decode(
                lowBase + T9WordModel.scoreLowContext(high: high), entries, starts)
              guard low >= 0 else { return "bad score" }
              score = high << 4 | low
            }
            guard !sameKeys || score <= previousScore else {
              return "words are not sorted by score"
            }
          }
          guard !decoder.failed else { return "the data ends early" }
          cache.keyCounts[place] = UInt8(count)
          cache.textLengths[place] = UInt8(length)
          cache.scores[place] = UInt16(score)
          previousCount = count
          previousScore = score
          swap(&previous, &current)
        }
        return decoder.finishedCleanly ? nil : "the data does not end where the index says"
      }
    }
  }
}
