/// What validating a `T9Dictionary` learns about each of its blocks, so
/// searches pick blocks without decoding them: per block, its first word's
/// first 16 keys (4 bits each, the first in the low bits) and key count,
/// and where its highest score is; per part of `T9EntryPoints.partSize`
/// words (block × parts per block + part), where the part's highest score
/// is (a place in the block) and that score; per group of
/// `blocksPerGroup` blocks, the group's highest score and the first block
/// that has it, so the best word of a long range is found a group at a
/// time.
///
/// Its storage is reserved when the dictionary is opened and written, one
/// block by one caller, while the blocks are validated (ranges of blocks
/// may be validated on several threads at once); then it is only read.
final class T9BlockFindings: @unchecked Sendable {
  let blockCount: Int
  let partCount: Int
  let firstKeys: UnsafeMutablePointer<UInt64>
  let firstKeyCounts: UnsafeMutablePointer<UInt8>
  let bestPlaces: UnsafeMutablePointer<UInt8>
  let partBestPlaces: UnsafeMutablePointer<UInt8>
  let partHighestScores: UnsafeMutablePointer<UInt16>
  /// Blocks in a group, as a shift (a group of the last blocks may have
  /// fewer).
  static let groupShift = 4
  static let blocksPerGroup = 1 << groupShift
  let groupCount: Int
  let groupHighestScores: UnsafeMutablePointer<UInt16>
  /// The first block of the group with the group's highest score, counted
  /// from the group's first block.
  let groupBestBlocks: UnsafeMutablePointer<UInt8>

  /// Zeroed findings for `blocks` blocks of `partsPerBlock` parts.
  init(blocks: Int, partsPerBlock: Int) {
    blockCount = Swift.max(0, blocks)
    partCount = blockCount * Swift.max(0, partsPerBlock)
    groupCount = (blockCount + T9BlockFindings.blocksPerGroup - 1) / T9BlockFindings.blocksPerGroup
    firstKeys = .filled(with: 0, count: blockCount)
    firstKeyCounts = .filled(with: 0, count: blockCount)
    bestPlaces = .filled(with: 0, count: blockCount)
    partBestPlaces = .filled(with: 0, count: partCount)
    partHighestScores = .filled(with: 0, count: partCount)
    groupHighestScores = .filled(with: 0, count: groupCount)
    groupBestBlocks = .filled(with: 0, count: groupCount)
  }

  /// Finds each group's highest score and its first block with it, from
  /// every block's highest score (once all blocks are validated).
  func findGroupBests(highestScore: (_ block: Int) -> Int) {
    for group in 0..<groupCount {
      let first = group * T9BlockFindings.blocksPerGroup
      var best = first
      var bestScore = highestScore(first)
      for block in first + 1..<Swift.min(blockCount, first + T9BlockFindings.blocksPerGroup) {
        let score = highestScore(block)
        if score > bestScore {
          best = block
          bestScore = score
        }
      }
      groupHighestScores[group] = UInt16(clamping: bestScore)
      groupBestBlocks[group] = UInt8(best - first)
    }
  }

  deinit {
    firstKeys.deallocate()
    firstKeyCounts.deallocate()
    bestPlaces.deallocate()
    partBestPlaces.deallocate()
    partHighestScores.deallocate()
    groupHighestScores.deallocate()
    groupBestBlocks.deallocate()
  }
}
