extension T9Dictionary {
  /// Opening a `.t9dict` in steps, so the caller can spread the work that
  /// takes most of start-up, decoding every block to validate it, over
  /// threads of its own: `init` checks the header and reserves what
  /// validating fills in; `validate(range:)` checks one range of blocks
  /// and may run for different ranges at the same time, in any order (also
  /// beside other dictionaries' openings); `finish()`, once every range is
  /// validated, checks where the ranges meet and gives the dictionary —
  /// or, as `T9Dictionary(storage:name:)` does, the error of the first
  /// damaged block.
  ///
  /// The core starts no thread: the executable decides where the ranges
  /// run.
  public final class Opening: @unchecked Sendable {
    /// How many ranges of blocks `validate(range:)` takes.
    public let rangeCount: Int
    /// Blocks per range (the last may have fewer).
    public let blocksPerRange: Int
    /// The dictionary, its header checked, its blocks not yet.
    private let dictionary: T9Dictionary
    /// Per range, what `validate(range:)` found.
    private let checks: UnsafeMutablePointer<RangeCheck>
    /// The ranges of one to three keys (as `T9Dictionary.shortRanges`):
    /// written by whichever range sees a prefix first, except for each
    /// range's first prefix of each length, which its `RangeCheck` keeps
    /// until `finish` (only that one can be shared with the range before).
    private let shortRanges: UnsafeMutablePointer<UInt32>
    private static let shortRangeCount = 2 * 1110

    /// Checks `storage`'s header (`name` is used in errors) and cuts its
    /// blocks into ranges of `blocksPerRange` (at least 1; by default, one
    /// range of all blocks).
    public init(storage: T9DictionaryBytes, name: String, blocksPerRange: Int = .max)
      throws(T9DictionaryError)
    {
      dictionary = try T9Dictionary(header: storage, name: name)
      let blocks = dictionary.blockCount
      self.blocksPerRange = Swift.max(1, Swift.min(blocksPerRange, blocks))
      rangeCount = (blocks + self.blocksPerRange - 1) / self.blocksPerRange
      checks = .filled(with: RangeCheck(), count: rangeCount)
      shortRanges = .filled(with: 0, count: Opening.shortRangeCount)
    }

    deinit {
      checks.deinitialize(count: rangeCount)
      checks.deallocate()
      shortRanges.deallocate()
    }

    /// How many blocks the file has.
    public var blockCount: Int { dictionary.blockCount }

    /// The blocks of range `range`.
    public func blocks(ofRange range: Int) -> Range<Int> {
      let start = range * blocksPerRange
      return start..<Swift.min(start + blocksPerRange, dictionary.blockCount)
    }

    /// Validates range `range` (0..<`rangeCount`) of the blocks. Different
    /// ranges may be validated at the same time; each once.
    public func validate(range: Int) {
      precondition(range >= 0 && range < rangeCount, "no such range")
      dictionary.validateBlocks(blocks(ofRange: range), shortRanges, into: &checks[range])
      checks[range].validated = true
    }

    /// The dictionary, once every range is validated: the first problem
    /// in block order is its error, as a serial opening reports it.
    public func finish() throws(T9DictionaryError) -> T9Dictionary {
      for range in 0..<rangeCount {
        let check = checks[range]
        // A range never validated would leave its blocks' records empty.
        precondition(check.validated, "finish() before range \(range) was validated")
        let start = blocks(ofRange: range).lowerBound
        if let problem = check.problem, check.problemBlock == start {
          throw T9DictionaryError(file: dictionary.name, "corrupted: \(problem)")
        }
        if range > 0 {
          let before = checks[range - 1]
          guard
            RangeCheck.inOrder(
              check.firstKeys, score: check.firstScore, after: before.lastKeys,
              score: before.lastScore)
          else {
            throw T9DictionaryError(
              file: dictionary.name,
              "corrupted: words are not sorted at the start of block \(start)")
          }
        }
        if let problem = check.problem {
          throw T9DictionaryError(file: dictionary.name, "corrupted: \(problem)")
        }
      }
      for range in 0..<rangeCount {
        let check = checks[range]
        for length in 0..<T9Dictionary.shortKeys where check.prefixes[length] >= 0 {
          let prefix = check.prefixes[length]
          if shortRanges[2 * prefix + 1] == 0 { shortRanges[2 * prefix] = check.lowers[length] }
          shortRanges[2 * prefix + 1] = Swift.max(
            shortRanges[2 * prefix + 1], check.uppers[length])
        }
      }
      dictionary.findings.findGroupBests { dictionary.highestScore(inBlock: $0) }
      var result = dictionary
      result.shortRanges = Array(
        UnsafeBufferPointer(start: shortRanges, count: Opening.shortRangeCount))
      result.storage.dropPages()
      return result
    }
  }
}
