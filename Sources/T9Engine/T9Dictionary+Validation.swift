extension T9Dictionary {
  /// Decodes each block of `blocks` once, checking what queries rely on:
  /// each block decodes cleanly, words are in order across blocks, and
  /// each block's highest score is the index's. Fills the blocks'
  /// `findings` and entry points, and `shortRanges` (shared with the
  /// other ranges; see `Opening`), and puts what `Opening.finish` checks
  /// into `check`.
  func validateBlocks(
    _ blocks: Range<Int>, _ shortRanges: UnsafeMutablePointer<UInt32>,
    into check: inout RangeCheck
  ) {
    guard !blocks.isEmpty else { return }
    let scratch = T9BlockCache(blockSize: blockSize, slots: 1)
    let width = T9DictionaryFormat.maximumWordBytes
    let buffer = storage.bytes
    let partsPerBlock = blockSize >> T9EntryPoints.partShift
    func note(_ prefix: Int, length: Int, _ word: Int) {
      if check.prefixes[length] < 0 {
        check.prefixes[length] = prefix
        check.lowers[length] = UInt32(word)
      }
      if check.prefixes[length] == prefix {
        check.uppers[length] = UInt32(word + 1)
        return
      }
      if shortRanges[2 * prefix + 1] == 0 { shortRanges[2 * prefix] = UInt32(word) }
      shortRanges[2 * prefix + 1] = UInt32(word + 1)
    }
    func fail(_ block: Int, _ problem: String) {
      check.problem = problem
      check.problemBlock = block
    }
    for block in blocks {
      let words = wordsIn(block: block)
      let blockStart = span(ofBlock: block).start
      let problem = decode(block: block, into: scratch, slot: 0) { part, keys, letters in
        let last = part << T9EntryPoints.partShift - 1
        entryPoints.keep(
          block: block, part: part, keys: keys, letters: letters, blockStart: blockStart,
          previous: (
            UnsafePointer(scratch.keys + last * width), Int(scratch.keyCounts[last]),
            Int(scratch.scores[last])
          ),
          text: UnsafeBufferPointer(
            start: scratch.text + last * width, count: Int(scratch.textLengths[last])))
      }
      if let problem { return fail(block, "block \(block): \(problem)") }
      for word in 0..<words {
        let keys = scratch.keys + word * width
        let index = block << blockShift + word
        let count = Int(scratch.keyCounts[word])
        var prefix: Int?
        for place in 0..<Swift.min(count, T9Dictionary.shortKeys) {
          let next = T9Dictionary.shortPrefix(extending: prefix, with: keys[place])
          note(next, length: place, index)
          prefix = next
        }
      }
      // Each part's first highest score, then the block's from its parts.
      var best = 0
      for part in 0..<partsPerBlock {
        let first = part << T9EntryPoints.partShift
        var partBest = first
        for word in first..<Swift.max(first, Swift.min(words, first + T9EntryPoints.partSize))
        where scratch.scores[word] > scratch.scores[partBest] {
          partBest = word
        }
        let highest = first < words ? scratch.scores[partBest] : 0
        findings.partBestPlaces[block * partsPerBlock + part] = UInt8(partBest)
        findings.partHighestScores[block * partsPerBlock + part] = highest
        if highest > scratch.scores[best] { best = partBest }
      }
      guard Int(scratch.scores[best]) == ByteReader.u16(buffer, indexOffset + 5 * block + 3) else {
        return fail(block, "block \(block)'s highest score is wrong")
      }
      let count = Int(scratch.keyCounts[0])
      let firstKeys = keySequence(scratch.keys, count: count)
      if block == blocks.lowerBound {
        // The word before is another range's: `Opening.finish` compares.
        check.firstKeys = firstKeys
        check.firstScore = Int(scratch.scores[0])
      } else {
        guard
          RangeCheck.inOrder(
            firstKeys, score: Int(scratch.scores[0]), after: check.lastKeys,
            score: check.lastScore)
        else { return fail(block, "words are not sorted at the start of block \(block)") }
      }
      findings.bestPlaces[block] = UInt8(best)
      findings.firstKeys[block] = firstKeys.packedPrefix
      findings.firstKeyCounts[block] = UInt8(count)
      let last = words - 1
      check.lastKeys = keySequence(scratch.keys + last * width, count: Int(scratch.keyCounts[last]))
      check.lastScore = Int(scratch.scores[last])
    }
  }

  /// The `count` keys at `keys` (a decoded word's) as a sequence.
  private func keySequence(_ keys: UnsafeMutablePointer<UInt8>, count: Int) -> KeySequence {
    var sequence = KeySequence()
    for place in 0..<count { sequence.append(keys[place]) }
    return sequence
  }
}
