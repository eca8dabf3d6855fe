import Firmware
import FirmwareTestSupport
import KeypadInput
import Testing

@Test("symbols: hold * opens the table over the editor; a digit inserts and closes it")
func symbolsScreen_insertIntoEditorBelow() {
  var harness = PhoneHarness(Phone(start: .compose))
  harness.hold(.star)
  #expect(harness.phone.screenName == "symbols")
  // The editor below keeps the focus while the table is open.
  #expect(harness.phone.focusedText == "")
  harness.tap(.one)
  #expect(harness.phone.screenName == "compose")
  #expect(harness.phone.focusedText?.count == 1)
}

@Test("symbols: 0 opens the options of the editor below, in place of the table")
func symbolsScreen_zeroOpensEditorOptions() {
  var harness = PhoneHarness(Phone(start: .compose))
  harness.hold(.star)
  harness.tap(.zero)
  #expect(harness.phone.menuScreen?.menu == .messageOptions)
  harness.tap(.star)
  #expect(harness.phone.screenName == "compose")
}

@Test("symbols: # turns the page and the page counter follows")
func symbolsScreen_pages() {
  var harness = PhoneHarness(Phone(start: .compose))
  harness.hold(.star)
  #expect(harness.rows[0].hasPrefix("Symbols"))
  #expect(harness.rows[0].hasSuffix("1/4") || harness.rows[0].contains("1/"))
  harness.tap(.hash)
  #expect(harness.rows[0].contains("2/"))
}
