import ContactBook
import Firmware
import KeypadInput
import Testing

@Test("dialer: a name match is highlighted at first, a number match is not")
func dialerScreen_defaultSelection() throws {
  var driver = PhoneDriver(contacts: try sampleBook())
  driver.tap(.six, .two)
  #expect(driver.phone.dialerScreen?.selected == 0)
  #expect(driver.rows() == ["62              ", "→[Ma]ma         "])
  driver.tap(.end)
  driver.tap(.zero, .eight, .one, .two)
  #expect(driver.phone.dialerScreen?.selected == -1)
  #expect(driver.rows()[1].hasPrefix(" [0812]"))
}

@Test("dialer: a service code selects nothing and is dialled as typed")
func dialerScreen_serviceCode() throws {
  var driver = PhoneDriver(contacts: try sampleBook())
  driver.hold(.star)
  driver.tap(.six, .two, .hash)
  #expect(driver.phone.dialerScreen?.selected == -1)
  driver.tap(.call)
  guard case .calling(let call) = driver.phone.top else {
    Issue.record("not calling")
    return
  }
  #expect(call.slot == nil)
  #expect(call.numberText == "*62#")
}

@Test("dialer: at most one match per row below the number, however many match")
func dialerScreen_matchesFitTheRows() throws {
  var driver = PhoneDriver(contacts: try sampleBook())
  driver.tap(.five)
  // John, Joan and two numbers match 5; a 16x2 has one row for them.
  #expect(driver.phone.contacts.search("5").count > 1)
  #expect(driver.rows()[1] != "                ")
  driver.tap(.down, .down)
  #expect(driver.phone.dialerScreen?.selected == 0)
}

@Test("dialer: back on the last digit closes the dialer")
func dialerScreen_backToIdle() {
  var driver = PhoneDriver()
  driver.tap(.seven)
  driver.tap(.back)
  #expect(driver.phone.screenName == "idle")
}
