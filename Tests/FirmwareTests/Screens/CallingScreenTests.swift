import CharacterLCD
import ContactBook
import Firmware
import FirmwareTestSupport
import KeypadInput
import Testing

@Test("calling: shows who is called; * returns to idle")
func callingScreen_showsAndEnds() throws {
  var harness = PhoneHarness(Phone(geometry: lcd20x4, contacts: try sampleBook()))
  harness.tap(.six, .two, .six, .two, .call)
  #expect(harness.phone.screenName == "calling")
  #expect(harness.rows[0].hasPrefix("Calling"))
  #expect(harness.rows[1].hasPrefix("Mama"))
  #expect(harness.rows[2].hasPrefix("0812 555 0001"))
  harness.tap(.star)
  #expect(harness.phone.screenName == "idle")
}

@Test("calling: a number with no contact shows the number; digits do nothing")
func callingScreen_numberOnly() {
  var harness = PhoneHarness(Phone())
  harness.tap(.one, .two, .three, .call)
  #expect(harness.rows == ["Calling         ", "123             "])
  harness.tap(.four)
  #expect(harness.phone.screenName == "calling")
  harness.tap(.end)
  #expect(harness.phone.screenName == "idle")
}
