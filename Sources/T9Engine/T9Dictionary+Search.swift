extension T9Dictionary {
  /// The words whose key sequence starts with `keys`, searched within
  /// `within` (the previous key's range: each key narrows it).
  public func range(for keys: KeySequence, within: T9Range? = nil, cache: T9BlockCache)
    -> T9Range
  {
    let bounds = within ?? T9Range(lower: 0, upper: wordCount)
    if let prefix = shortPrefix(of: keys) {
      // Known from opening: only what lies within the bounds.
      let lower = Swift.max(Int(shortRanges[2 * prefix]), bounds.lower)
      let upper = Swift.min(Int(shortRanges[2 * prefix + 1]), bounds.upper)
      if lower < upper { return T9Range(lower: lower, upper: upper) }
    }
    let lower = firstWord(bounds, keys, strictlyAfter: false, cache)
    let upper = firstWord(
      T9Range(lower: lower, upper: bounds.upper), keys, strictlyAfter: true, cache)
    return T9Range(lower: lower, upper: upper)
  }

  /// The place of `keys` in `shortRanges`, or nil if it is not one to
  /// three digit keys.
  @inline(__always)
  private func shortPrefix(of keys: KeySequence) -> Int? {
    guard !keys.isEmpty, keys.count <= T9Dictionary.shortKeys else { return nil }
    var prefix: Int?
    for index in 0..<keys.count {
      guard keys[index] <= 9 else { return nil }
      prefix = T9Dictionary.shortPrefix(extending: prefix, with: keys[index])
    }
    return prefix
  }

  /// The score (Zipf frequency × 100) of word `index`.
  @inline(__always)
  public func score(ofWord index: Int, cache: T9BlockCache) -> Int {
    let word = index & (blockSize - 1)
    let slot = slot(ofBlock: index >> blockShift, keys: word...word, cache)
    return Int(cache.scores[slot * blockSize + word])
  }

  /// How many keys word `index` takes.
  @inline(__always)
  public func keyCount(ofWord index: Int, cache: T9BlockCache) -> Int {
    let word = index & (blockSize - 1)
    let slot = slot(ofBlock: index >> blockShift, keys: word...word, cache)
    return Int(cache.keyCounts[slot * blockSize + word])
  }

  /// Calls `body` with each scalar of word `index`, stopping after `limit`
  /// scalars.
  @inline(__always)
  public func forEachScalar(
    ofWord index: Int, limit: Int = .max, cache: T9BlockCache, _ body: (Unicode.Scalar) -> Void
  ) {
    let word = index & (blockSize - 1)
    let slot = slot(ofBlock: index >> blockShift, text: word...word, cache)
    let place = slot * blockSize + word
    let text = UnsafeBufferPointer(
      start: cache.text + place * T9DictionaryFormat.maximumWordBytes,
      count: Int(cache.textLengths[place]))
    var position = 0
    var emitted = 0
    while position < text.count && emitted < limit {
      guard let (scalar, size) = UTF8Decoding.scalar(text, at: position, end: text.count) else {
        return
      }
      body(scalar)
      emitted += 1
      position += size
    }
  }

  /// Word `index` as a string (for tools and tests; it allocates).
  public func word(at index: Int, cache: T9BlockCache? = nil) -> String {
    var text = ""
    forEachScalar(ofWord: index, cache: cache ?? T9BlockCache(for: self, slots: 1)) {
      text.unicodeScalars.append($0)
    }
    return text
  }

  /// The word in `range` with the highest score (the first of equals),
  /// using each block's and each part's highest score so long ranges are
  /// not decoded.
  public func bestWord(in range: T9Range, cache: T9BlockCache) -> Int? {
    guard !range.isEmpty else { return nil }
    var best = range.lower
    var bestScore = score(ofWord: range.lower, cache: cache)
    var index = range.lower + 1
    let groupShift = blockShift + T9BlockFindings.groupShift
    while index < range.upper {
      // A whole group of blocks in the range: its best word is the best
      // of its blocks' (the first block with the group's highest score).
      if index & (1 << groupShift - 1) == 0 && index + 1 << groupShift <= range.upper {
        let group = index >> groupShift
        let highest = Int(findings.groupHighestScores[group])
        if highest > bestScore {
          let block = group << T9BlockFindings.groupShift + Int(findings.groupBestBlocks[group])
          best = block << blockShift + Int(findings.bestPlaces[block])
          bestScore = highest
        }
        index += 1 << groupShift
        continue
      }
      let block = index >> blockShift
      let blockStart = block << blockShift
      let blockEnd = Swift.min(range.upper, blockStart + blockSize)
      let highest = highestScore(inBlock: block)
      if highest <= bestScore {
        index = blockEnd
        continue
      }
      // The block's best word is in the part of it left to look at: it is
      // that part's best, known without decoding.
      let bestPlace = blockStart + Int(findings.bestPlaces[block])
      if bestPlace >= index && bestPlace < blockEnd {
        best = bestPlace
        bestScore = highest
        index = blockEnd
        continue
      }
      // Else part by part, the same way, decoding only a part that must be.
      let partInBlock = (index - blockStart) >> T9EntryPoints.partShift
      let part = block << (blockShift - T9EntryPoints.partShift) + partInBlock
      let partStart = blockStart + partInBlock << T9EntryPoints.partShift
      let partEnd = Swift.min(blockEnd, partStart + T9EntryPoints.partSize)
      let partHighest = Int(findings.partHighestScores[part])
      let partBest = blockStart + Int(findings.partBestPlaces[part])
      if partHighest <= bestScore {
        index = partEnd
        continue
      }
      if partBest >= index && partBest < partEnd {
        best = partBest
        bestScore = partHighest
        index = partEnd
        continue
      }
      let slot = slot(
        ofBlock: block, keys: (index - blockStart)...(partEnd - 1 - blockStart), cache)
      let scores = cache.scores + slot * blockSize
      while index < partEnd {
        let score = Int(scores[index - blockStart])
        if score > bestScore {
          best = index
          bestScore = score
        }
        index += 1
      }
    }
    return best
  }

  // MARK: - Internals

  /// -1 if word `index`'s keys sort before `keys` (and do not start with
  /// them), 0 if they start with `keys`, 1 if they sort after.
  @inline(__always)
  func compare(word index: Int, with keys: KeySequence, _ cache: T9BlockCache) -> Int {
    let word = index & (blockSize - 1)
    let slot = slot(ofBlock: index >> blockShift, keys: word...word, cache)
    let place = slot * blockSize + word
    return compare(
      cache.keys + place * T9DictionaryFormat.maximumWordBytes, Int(cache.keyCounts[place]), keys)
  }

  @inline(__always)
  func compare(_ wordKeys: UnsafePointer<UInt8>, _ count: Int, _ keys: KeySequence) -> Int {
    let shared = Swift.min(count, keys.count)
    for index in 0..<shared where wordKeys[index] != keys[index] {
      return wordKeys[index] < keys[index] ? -1 : 1
    }
    return count >= keys.count ? 0 : -1
  }

  /// The keys of block `block`'s first word compared with `keys` (as
  /// `compare(word:with:)`; `keysPacked`: `keys.packedPrefix`): from the
  /// keys kept at opening, else from the cache or by decoding only them.
  func compareFirst(
    ofBlock block: Int, with keys: KeySequence, _ keysPacked: UInt64, _ cache: T9BlockCache
  ) -> Int {
    if let order = KeySequence.compare(
      packed: findings.firstKeys[block], count: Int(findings.firstKeyCounts[block]), with: keys,
      keysPacked: keysPacked)
    {
      return order
    }
    if let slot = cache.lookup(block, owner: fileChecksum) {
      let place = slot * blockSize
      return compare(
        cache.keys + place * T9DictionaryFormat.maximumWordBytes, Int(cache.keyCounts[place]),
        keys)
    }
    let (start, end) = span(ofBlock: block)
    guard start >= dataOffset, end <= dataEnd else { return 1 }
    var decoder = RANSDecoder(UnsafeRawBufferPointer(storage.bytes), start: start, end: end)
    let keyBase = tables.modelBase[T9WordModel.key]
    return tables.withView { view in
      var count = 0
      var twoBack: UInt8 = 0
      var oneBack: UInt8 = 0
      while count < KeySequence.capacity {
        let context = T9WordModel.keyContext(
          first: false, twoBack: twoBack, oneBack: oneBack, previousKey: 10)
        let key = decoder.decode(keyBase + context, view)
        guard key > 0 else { break }
        if count < keys.count && UInt8(key) != keys[count] {
          return UInt8(key) < keys[count] ? -1 : 1
        }
        count += 1
        twoBack = oneBack
        oneBack = UInt8(key)
      }
      return count >= keys.count ? 0 : -1
    }
  }

  /// The first word in `bounds` that compares ≥ 0 (or > 0 when
  /// `strictlyAfter`) with `keys`; `bounds.upper` if none does.
  private func firstWord(
    _ bounds: T9Range, _ keys: KeySequence, strictlyAfter: Bool, _ cache: T9BlockCache
  ) -> Int {
    guard !bounds.isEmpty else { return bounds.upper }
    // The typed keys packed once for every comparison with packed keys.
    let keysPacked = keys.packedPrefix
    // Binary search over the blocks' first words, then a scan of one block.
    var low = (bounds.lower + blockSize - 1) >> blockShift
    var high = (bounds.upper - 1) >> blockShift + 1
    while low < high {
      let middle = (low + high) / 2
      let order = compareFirst(ofBlock: middle, with: keys, keysPacked, cache)
      if middle << blockShift >= bounds.upper || (strictlyAfter ? order > 0 : order >= 0) {
        high = middle
      } else {
        low = middle + 1
      }
    }
    var index = Swift.max(bounds.lower, (low - 1) << blockShift)
    let limit = Swift.min(bounds.upper, low << blockShift)
    // Within the block, from the last part whose previous word (kept at
    // its entry point) is still before the answer.
    if low > 0 {
      let block = low - 1
      var part = entryPoints.perBlock
      while part > 0 {
        let start = block << blockShift + part << T9EntryPoints.partShift
        if start > index, start <= limit, let entry = entryPoints.entry(block: block, part: part) {
          let order = T9EntryPoints.comparePrevious(entry, with: keys, keysPacked)
          if !(strictlyAfter ? order > 0 : order >= 0) {
            index = start
            break
          }
        }
        part -= 1
      }
    }
    while index < limit {
      let order = compare(word: index, with: keys, cache)
      if strictlyAfter ? order > 0 : order >= 0 { return index }
      index += 1
    }
    return limit
  }
}
