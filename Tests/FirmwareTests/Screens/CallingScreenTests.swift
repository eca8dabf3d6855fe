import CharacterLCD
import ContactBook
import Firmware
import KeypadInput
import Testing

@Test("calling: shows who is called; * returns to idle")
func callingScreen_showsAndEnds() throws {
  var driver = PhoneDriver(geometry: lcd20x4, contacts: try sampleBook())
  driver.tap(.six, .two, .six, .two, .call)
  #expect(driver.phone.screenName == "calling")
  #expect(driver.rows()[0].hasPrefix("Calling"))
  #expect(driver.rows()[1].hasPrefix("Mama"))
  #expect(driver.rows()[2].hasPrefix("0812 555 0001"))
  driver.tap(.star)
  #expect(driver.phone.screenName == "idle")
}

@Test("calling: a number with no contact shows the number; digits do nothing")
func callingScreen_numberOnly() {
  var driver = PhoneDriver()
  driver.tap(.one, .two, .three, .call)
  #expect(driver.rows() == ["Calling         ", "123             "])
  driver.tap(.four)
  #expect(driver.phone.screenName == "calling")
  driver.tap(.end)
  #expect(driver.phone.screenName == "idle")
}
