import ContactBook
import Firmware
import KeypadInput
import Testing

private func openJohn() throws -> PhoneDriver {
  var driver = PhoneDriver(start: .contacts, contacts: try sampleBook())
  driver.tap(.five, .six, .four)
  driver.tap(.ok)
  return driver
}

@Test("card: shows the name and numbers; a digit picks a number, ok calls it")
func contactScreen_pickAndCall() throws {
  var driver = try openJohn()
  #expect(driver.rows() == ["John Smith      ", "→M +1 555 010447"])
  driver.tap(.two)
  #expect(driver.rows()[1] == "→W +1 555 010200")
  driver.tap(.nine)
  #expect(driver.phone.noticeText == "No number 9")
  driver.tap(.ok)
  #expect(driver.phone.screenName == "calling")
  let slot = driver.phone.contacts.search("564").first?.slot ?? -1
  #expect(driver.phone.contacts.contact(at: slot)?.timesUsed == 1)
}

@Test("contact options from the card: Edit number opens the highlighted number")
func contactOptions_editHighlightedNumber() throws {
  var driver = try openJohn()
  driver.tap(.two)
  driver.tap(.softLeft)
  #expect(driver.phone.screenName == "contact-options")
  driver.tap(digitKey((ContactOptionItem.allCases.firstIndex(of: .editNumber) ?? -1) + 1))
  #expect(driver.phone.screenName == "edit-contact")
  #expect(driver.phone.focusedText == "+1 555 0102000")
}

@Test("contact options from the card: Delete, Yes closes the card too")
func contactOptions_deleteFromCard() throws {
  var driver = try openJohn()
  driver.tap(.softLeft)
  driver.tap(digitKey((ContactOptionItem.allCases.firstIndex(of: .delete) ?? -1) + 1))
  #expect(driver.phone.screenName == "confirm")
  // The question opens on No.
  #expect(driver.phone.menuScreen?.list.selected == ConfirmItem.allCases.firstIndex(of: .no))
  driver.tap(.one)
  #expect(driver.phone.screenName == "contacts")
  #expect(driver.phone.contacts.count == 2)
}

@Test("contact options: Star/unstar toggles the star and says so")
func contactOptions_star() throws {
  var driver = try openJohn()
  driver.tap(.softLeft)
  driver.tap(digitKey((ContactOptionItem.allCases.firstIndex(of: .star) ?? -1) + 1))
  #expect(driver.phone.noticeText == "Starred")
  #expect(driver.rows()[0] == "*John Smith     ")
}
