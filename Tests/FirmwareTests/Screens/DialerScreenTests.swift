import ContactBook
import Firmware
import FirmwareTestSupport
import KeypadInput
import Testing

@Test("dialer: a name match is highlighted at first, a number match is not")
func dialerScreen_defaultSelection() throws {
  var harness = PhoneHarness(Phone(contacts: try sampleBook()))
  harness.tap(.six, .two)
  #expect(harness.phone.dialerScreen?.selected == 0)
  #expect(harness.rows == ["62              ", "→[Ma]ma         "])
  harness.tap(.end)
  harness.tap(.zero, .eight, .one, .two)
  #expect(harness.phone.dialerScreen?.selected == -1)
  #expect(harness.rows[1].hasPrefix(" [0812]"))
}

@Test("dialer: a service code selects nothing and is dialled as typed")
func dialerScreen_serviceCode() throws {
  var harness = PhoneHarness(Phone(contacts: try sampleBook()))
  harness.hold(.star)
  harness.tap(.six, .two, .hash)
  #expect(harness.phone.dialerScreen?.selected == -1)
  harness.tap(.call)
  guard case .calling(let call) = harness.phone.top else {
    Issue.record("not calling")
    return
  }
  #expect(call.slot == nil)
  #expect(call.numberText == "*62#")
}

@Test("dialer: at most one match per row below the number, however many match")
func dialerScreen_matchesFitTheRows() throws {
  var harness = PhoneHarness(Phone(contacts: try sampleBook()))
  harness.tap(.five)
  // John, Joan and two numbers match 5; a 16x2 has one row for them.
  #expect(harness.phone.contacts.search("5").count > 1)
  #expect(harness.rows[1] != "                ")
  harness.tap(.down, .down)
  #expect(harness.phone.dialerScreen?.selected == 0)
}

@Test("dialer: back on the last digit closes the dialer")
func dialerScreen_backToIdle() {
  var harness = PhoneHarness(Phone())
  harness.tap(.seven)
  harness.tap(.back)
  #expect(harness.phone.screenName == "idle")
}
