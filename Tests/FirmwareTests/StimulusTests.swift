import Firmware
import KeypadInput
import Testing

@Test("a tap is a press, the hold, a release and the gap; by default 80 ms and 150 ms")
func stimulus_tapInEdges() {
  #expect(
    Stimulus.tap(.five, hold: .milliseconds(90), gap: .milliseconds(200)) == [
      .press(.five), .wait(.milliseconds(90)), .release(.five), .wait(.milliseconds(200)),
    ])
  #expect(
    Stimulus.tap(.two) == [
      .press(.two), .wait(.milliseconds(80)), .release(.two), .wait(.milliseconds(150)),
    ])
}

@Test("a hold is a press, the duration and a release, with no gap after")
func stimulus_holdInEdges() {
  #expect(
    Stimulus.hold(.hash, for: .seconds(1))
      == [.press(.hash), .wait(.seconds(1)), .release(.hash)])
}

@Test("only presses and releases are key edges")
func stimulus_keyEdges() {
  let stimuli: [Stimulus] = [.press(.one), .release(.one), .wait(.seconds(1)), .unplug, .replug]
  #expect(stimuli.map(\.isKeyEdge) == [true, true, false, false, false])
}
