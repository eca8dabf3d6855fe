import ContactBook
import Firmware
import FirmwareTestSupport
import KeypadInput
import Testing

@Test("contacts: digits filter by T9 and back removes them, then closes the list")
func contactsScreen_filterAndBack() throws {
  var harness = PhoneHarness(Phone(contacts: try sampleBook(), start: .contacts))
  #expect(harness.rows == ["Contacts       3", "→Joan Smith    ↓"])
  harness.tap(.five, .six)
  #expect(harness.phone.contactsScreen?.search.query == "56")
  #expect(harness.rows[1].hasPrefix("→[Jo]"))
  harness.tap(.back, .back)
  #expect(harness.phone.contactsScreen?.search.query == "")
  harness.tap(.back)
  #expect(harness.phone.screenName == "idle")
}

@Test("contacts: a contact deleted from the options leaves the filtered list at once")
func contactsScreen_followsTheBook() throws {
  var harness = PhoneHarness(Phone(contacts: try sampleBook(), start: .contacts))
  harness.tap(.six, .two)
  #expect(harness.rows[1] == "→[Ma]ma         ")
  harness.tap(.softLeft)
  #expect(harness.phone.screenName == "contact-options")
  harness.tap(digitKey((ContactOptionItem.allCases.firstIndex(of: .delete) ?? -1) + 1))
  harness.tap(.one)
  #expect(harness.phone.noticeText == "Deleted")
  #expect(harness.phone.screenName == "contacts")
  #expect(harness.phone.contacts.count == 2)
  #expect(harness.rows[1] != "→[Ma]ma         ")
}

@Test("contacts: call on a row calls the contact's first number")
func contactsScreen_callFromList() throws {
  var harness = PhoneHarness(Phone(contacts: try sampleBook(), start: .contacts))
  harness.tap(.call)
  #expect(harness.phone.screenName == "calling")
  guard case .calling(let call) = harness.phone.top else {
    Issue.record("not calling")
    return
  }
  #expect(call.numberText == "+1 555 0103391")
}
