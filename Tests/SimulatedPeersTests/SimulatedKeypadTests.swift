import SimulatedPeers
import Testing
import Vocabulary

@Test func aSimulatedKeypadKnowsWhichKeysAreDown() {
  var keypad = SimulatedKeypad()
  #expect(!keypad.isDown(.five))
  keypad.press(.five)
  keypad.press(.hash)
  #expect(keypad.isDown(.five))
  #expect(keypad.isDown(.hash))
  #expect(!keypad.isDown(.four))
  let fiveUp = keypad.release(.five)
  #expect(fiveUp)
  #expect(!keypad.isDown(.five))
  #expect(keypad.isDown(.hash))
}

@Test func aStuckReleaseIsLostOnceAndTheKeyIsUpOnTheDeviceAnyway() {
  var keypad = SimulatedKeypad()
  keypad.loseNextRelease(of: .two)
  keypad.press(.two)
  // The device lets go; the firmware is not told.
  let firstRelease = keypad.release(.two)
  #expect(!firstRelease)
  #expect(!keypad.isDown(.two))
  // Only the next release was lost.
  keypad.press(.two)
  let secondRelease = keypad.release(.two)
  #expect(secondRelease)
  // Another key's release was never armed.
  keypad.press(.three)
  let threeUp = keypad.release(.three)
  #expect(threeUp)
}
