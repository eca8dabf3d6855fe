import PNGImage
import Testing

@Suite("PNG filter")
struct PNGFilterTests {
  @Test("The Paeth predictor picks the neighbour closest to left + above - upper left")
  func paeth() {
    #expect(PNGFilter.paethPredictor(left: 10, above: 20, upperLeft: 10) == 20)
    #expect(PNGFilter.paethPredictor(left: 20, above: 10, upperLeft: 10) == 20)
    // 50 + 60 - 100 = 10 is nearest to left (40 away), then above (50).
    #expect(PNGFilter.paethPredictor(left: 50, above: 60, upperLeft: 100) == 50)
    // 0 + 10 - 5 = 5 is the upper left itself.
    #expect(PNGFilter.paethPredictor(left: 0, above: 10, upperLeft: 5) == 5)
    // Equal neighbours: any is the prediction.
    #expect(PNGFilter.paethPredictor(left: 7, above: 7, upperLeft: 7) == 7)
    #expect(PNGFilter.paethPredictor(left: 100, above: 50, upperLeft: 60) == 100)
  }

  @Test("Each filter subtracts its prediction, modulo 256, pixel by pixel")
  func apply() {
    let row: ArraySlice<UInt8> = [10, 20, 30, 11, 22, 33]
    let above: ArraySlice<UInt8> = [1, 2, 3, 200, 200, 200]
    func run(_ filter: PNGFilter, _ previous: ArraySlice<UInt8>?) -> [UInt8] {
      var output: [UInt8] = []
      filter.apply(row: row, previous: previous, bytesPerPixel: 3, into: &output)
      return output
    }
    #expect(run(.none, above) == [10, 20, 30, 11, 22, 33])
    #expect(run(.sub, above) == [10, 20, 30, 1, 2, 3])
    #expect(run(.up, above) == [9, 18, 27, 67, 78, 89])
    #expect(run(.up, nil) == [10, 20, 30, 11, 22, 33])
    #expect(run(.average, above) == [10, 19, 29, 11 &- 105, 22 &- 110, 33 &- 115])
  }
}
