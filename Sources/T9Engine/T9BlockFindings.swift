/// What validating a `T9Dictionary` learns about each of its blocks, so
/// searches pick blocks without decoding them: per block, its first word's
/// first 16 keys (4 bits each, the first in the low bits) and key count,
/// and where its highest score is; per part of `T9EntryPoints.partSize`
/// words (block × parts per block + part), where the part's highest score
/// is (a place in the block) and that score.
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

  /// Zeroed findings for `blocks` blocks of `partsPerBlock` parts.
  init(blocks: Int, partsPerBlock: Int) {
    blockCount = Swift.max(0, blocks)
    partCount = blockCount * Swift.max(0, partsPerBlock)
    firstKeys = .filled(with: 0, count: blockCount)
    firstKeyCounts = .filled(with: 0, count: blockCount)
    bestPlaces = .filled(with: 0, count: blockCount)
    partBestPlaces = .filled(with: 0, count: partCount)
    partHighestScores = .filled(with: 0, count: partCount)
  }

  deinit {
    firstKeys.deallocate()
    firstKeyCounts.deallocate()
    bestPlaces.deallocate()
    partBestPlaces.deallocate()
    partHighestScores.deallocate()
  }
}
