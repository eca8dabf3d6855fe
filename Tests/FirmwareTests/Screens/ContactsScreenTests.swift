import ContactBook
import Firmware
import KeypadInput
import Testing

@Test("contacts: digits filter by T9 and back removes them, then closes the list")
func contactsScreen_filterAndBack() throws {
  var driver = PhoneDriver(start: .contacts, contacts: try sampleBook())
  #expect(driver.rows() == ["Contacts       3", "→Joan Smith    ↓"])
  driver.tap(.five, .six)
  #expect(driver.phone.contactsScreen?.search.query == "56")
  #expect(driver.rows()[1].hasPrefix("→[Jo]"))
  driver.tap(.back, .back)
  #expect(driver.phone.contactsScreen?.search.query == "")
  driver.tap(.back)
  #expect(driver.phone.screenName == "idle")
}

@Test("contacts: a contact deleted from the options leaves the filtered list at once")
func contactsScreen_followsTheBook() throws {
  var driver = PhoneDriver(start: .contacts, contacts: try sampleBook())
  driver.tap(.six, .two)
  #expect(driver.rows()[1] == "→[Ma]ma         ")
  driver.tap(.softLeft)
  #expect(driver.phone.screenName == "contact-options")
  driver.tap(digitKey((ContactOptionItem.allCases.firstIndex(of: .delete) ?? -1) + 1))
  driver.tap(.one)
  #expect(driver.phone.noticeText == "Deleted")
  #expect(driver.phone.screenName == "contacts")
  #expect(driver.phone.contacts.count == 2)
  #expect(driver.rows()[1] != "→[Ma]ma         ")
}

@Test("contacts: call on a row calls the contact's first number")
func contactsScreen_callFromList() throws {
  var driver = PhoneDriver(start: .contacts, contacts: try sampleBook())
  driver.tap(.call)
  #expect(driver.phone.screenName == "calling")
  guard case .calling(let call) = driver.phone.top else {
    Issue.record("not calling")
    return
  }
  #expect(call.numberText == "+1 555 0103391")
}
