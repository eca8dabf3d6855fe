import KeypadInput
import Testing

@Test("a batch keeps order and refuses past its capacity")
func gestureBatch_boundedAndOrdered() {
  var batch = GestureBatch()
  for index in 0..<GestureBatch.capacity {
    let accepted = batch.append(Gesture(.tap, Key(digit: index % 10) ?? .zero, at: .zero))
    #expect(accepted)
  }
  let overflow = batch.append(Gesture(.tap, .star, at: .zero))
  #expect(!overflow)
  #expect(batch.count == GestureBatch.capacity)
  #expect(batch.map(\.key) == (0..<GestureBatch.capacity).map { Key(digit: $0 % 10) ?? .zero })
}
