@testable import T9Engine

extension V1Dictionary {
  /// The words whose key sequence starts with `keys`, searched within
  /// `within` (the previous key's range: each key narrows it).
  func range(for keys: KeySequence, within: T9Range? = nil) -> T9Range {
    let bounds = within ?? T9Range(lower: 0, upper: wordCount)
    return storage.withUnsafeBufferPointer { buffer in
      let lower = firstWord(buffer, bounds, keys, strictlyAfter: false)
      let upper = firstWord(
        buffer, T9Range(lower: lower, upper: bounds.upper), keys, strictlyAfter: true)
      return T9Range(lower: lower, upper: upper)
    }
  }

  /// The score (Zipf frequency × 100) of word `index`.
  @inline(__always)
  func score(ofWord index: Int) -> Int {
    storage.withUnsafeBufferPointer { ByteReader.u16($0, scoreOffset + 2 * index) }
  }

  /// Where word `index`'s text entry starts in the file.
  func offset(ofWord index: Int) -> Int {
    storage.withUnsafeBufferPointer { offset(buffer: $0, index) }
  }

  /// Word `index` as a string (for tools and tests; queries do not allocate).
  func word(at index: Int) -> String {
    let start = offset(ofWord: index)
    return storage.withUnsafeBufferPointer { buffer in
      let length = Int(buffer[start])
      return String(
        decoding: UnsafeBufferPointer(rebasing: buffer[(start + 1)..<(start + 1 + length)]),
        as: UTF8.self)
    }
  }

  /// How many keys the word at a text offset takes.
  func keyCount(ofWordAt offset: Int) -> Int {
    var count = 0
    forEachScalar(ofWordAt: offset) { _ in count += 1 }
    return count
  }

  /// Calls `body` with each scalar of the word at a text offset, stopping
  /// after `limit` scalars.
  @inline(__always)
  func forEachScalar(
    ofWordAt offset: Int, limit: Int = .max, _ body: (Unicode.Scalar) -> Void
  ) {
    storage.withUnsafeBufferPointer { buffer in
      let end = offset + 1 + Int(buffer[offset])
      var position = offset + 1
      var emitted = 0
      while position < end && emitted < limit {
        guard let (scalar, size) = UTF8Decoding.scalar(buffer, at: position, end: end) else {
          return
        }
        body(scalar)
        emitted += 1
        position += size
      }
    }
  }

  /// The word in `range` with the highest score (the first of equals), using
  /// the block maxima so long ranges are not scanned word by word.
  func bestWord(in range: T9Range) -> Int? {
    guard !range.isEmpty else { return nil }
    return storage.withUnsafeBufferPointer { buffer in
      var best = range.lower
      var bestScore = ByteReader.u16(buffer, scoreOffset + 2 * range.lower)
      var index = range.lower + 1
      while index < range.upper {
        let block = index / V1Dictionary.blockSize
        let blockStart = block * V1Dictionary.blockSize
        let blockEnd = blockStart + V1Dictionary.blockSize
        if index == blockStart && blockEnd <= range.upper {
          if ByteReader.u16(buffer, blockOffset + 2 * block) <= bestScore {
            index = blockEnd
            continue
          }
        }
        let score = ByteReader.u16(buffer, scoreOffset + 2 * index)
        if score > bestScore {
          best = index
          bestScore = score
        }
        index += 1
      }
      return best
    }
  }

  // MARK: - Internals

  func offset(buffer: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
    let sample = index >> V1Format.sampleShift
    var offset = textOffset + ByteReader.u32(buffer, sampleOffset + 4 * sample)
    var skip = index - sample << V1Format.sampleShift
    while skip > 0 {
      offset += 1 + Int(buffer[offset])
      skip -= 1
    }
    return offset
  }

  /// -1 if the word's keys sort before `keys` (and do not start with them),
  /// 0 if they start with `keys`, 1 if they sort after.
  @inline(__always)
  func compare(_ buffer: UnsafeBufferPointer<UInt8>, wordAt offset: Int, with keys: KeySequence)
    -> Int
  {
    let end = offset + 1 + Int(buffer[offset])
    var position = offset + 1
    var index = 0
    while position < end {
      if index == keys.count { return 0 }
      guard let (scalar, size) = UTF8Decoding.scalar(buffer, at: position, end: end),
        let key = KeyLayout.key(for: scalar)
      else { return 1 }
      if key != keys[index] { return key < keys[index] ? -1 : 1 }
      index += 1
      position += size
    }
    return index == keys.count ? 0 : -1
  }

  /// The first word in `bounds` that compares ≥ 0 (or > 0 when
  /// `strictlyAfter`) with `keys`; `bounds.upper` if none does.
  private func firstWord(
    _ buffer: UnsafeBufferPointer<UInt8>, _ bounds: T9Range, _ keys: KeySequence,
    strictlyAfter: Bool
  ) -> Int {
    func passes(_ index: Int) -> Bool {
      let order = compare(buffer, wordAt: offset(buffer: buffer, index), with: keys)
      return strictlyAfter ? order > 0 : order >= 0
    }
    guard !bounds.isEmpty else { return bounds.upper }
    // Binary search over the sampled words, then a short scan.
    let interval = V1Dictionary.sampleInterval
    var low = (bounds.lower + interval - 1) / interval
    var high = (bounds.upper - 1) / interval + 1
    while low < high {
      let middle = (low + high) / 2
      let index = middle * interval
      if index >= bounds.upper || passes(index) { high = middle } else { low = middle + 1 }
    }
    var index = Swift.max(bounds.lower, (low - 1) * interval)
    let limit = Swift.min(bounds.upper, low * interval)
    var position = offset(buffer: buffer, index)
    while index < limit {
      let order = compare(buffer, wordAt: position, with: keys)
      if strictlyAfter ? order > 0 : order >= 0 { return index }
      position += 1 + Int(buffer[position])
      index += 1
    }
    return limit
  }
}
