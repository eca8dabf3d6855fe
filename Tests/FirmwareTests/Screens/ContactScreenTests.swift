import ContactBook
import Firmware
import FirmwareTestSupport
import KeypadInput
import Testing

private func openJohn() throws -> PhoneHarness {
  var harness = PhoneHarness(Phone(contacts: try sampleBook(), start: .contacts))
  harness.tap(.five, .six, .four)
  harness.tap(.ok)
  return harness
}

@Test("card: shows the name and numbers; a digit picks a number, ok calls it")
func contactScreen_pickAndCall() throws {
  var harness = try openJohn()
  #expect(harness.rows == ["John Smith      ", "→M +1 555 010447"])
  harness.tap(.two)
  #expect(harness.rows[1] == "→W +1 555 010200")
  harness.tap(.nine)
  #expect(harness.phone.noticeText == "No number 9")
  harness.tap(.ok)
  #expect(harness.phone.screenName == "calling")
  let slot = harness.phone.contacts.search("564").first?.slot ?? -1
  #expect(harness.phone.contacts.contact(at: slot)?.timesUsed == 1)
}

@Test("contact options from the card: Edit number opens the highlighted number")
func contactOptions_editHighlightedNumber() throws {
  var harness = try openJohn()
  harness.tap(.two)
  harness.tap(.softLeft)
  #expect(harness.phone.screenName == "contact-options")
  harness.tap(digitKey((ContactOptionItem.allCases.firstIndex(of: .editNumber) ?? -1) + 1))
  #expect(harness.phone.screenName == "edit-contact")
  #expect(harness.phone.focusedText == "+1 555 0102000")
}

@Test("contact options from the card: Delete, Yes closes the card too")
func contactOptions_deleteFromCard() throws {
  var harness = try openJohn()
  harness.tap(.softLeft)
  harness.tap(digitKey((ContactOptionItem.allCases.firstIndex(of: .delete) ?? -1) + 1))
  #expect(harness.phone.screenName == "confirm")
  // The question opens on No.
  #expect(harness.phone.menuScreen?.list.selected == ConfirmItem.allCases.firstIndex(of: .no))
  harness.tap(.one)
  #expect(harness.phone.screenName == "contacts")
  #expect(harness.phone.contacts.count == 2)
}

@Test("contact options: Star/unstar toggles the star and says so")
func contactOptions_star() throws {
  var harness = try openJohn()
  harness.tap(.softLeft)
  harness.tap(digitKey((ContactOptionItem.allCases.firstIndex(of: .star) ?? -1) + 1))
  #expect(harness.phone.noticeText == "Starred")
  #expect(harness.rows[0] == "*John Smith     ")
}
