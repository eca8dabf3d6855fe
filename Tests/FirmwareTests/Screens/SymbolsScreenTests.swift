import Firmware
import KeypadInput
import Testing

@Test("symbols: hold * opens the table over the editor; a digit inserts and closes it")
func symbolsScreen_insertIntoEditorBelow() {
  var driver = PhoneDriver(start: .compose)
  driver.hold(.star)
  #expect(driver.phone.screenName == "symbols")
  // The editor below keeps the focus while the table is open.
  #expect(driver.phone.focusedText == "")
  driver.tap(.one)
  #expect(driver.phone.screenName == "compose")
  #expect(driver.phone.focusedText?.count == 1)
}

@Test("symbols: 0 opens the options of the editor below, in place of the table")
func symbolsScreen_zeroOpensEditorOptions() {
  var driver = PhoneDriver(start: .compose)
  driver.hold(.star)
  driver.tap(.zero)
  #expect(driver.phone.menuScreen?.menu == .messageOptions)
  driver.tap(.star)
  #expect(driver.phone.screenName == "compose")
}

@Test("symbols: # turns the page and the page counter follows")
func symbolsScreen_pages() {
  var driver = PhoneDriver(start: .compose)
  driver.hold(.star)
  #expect(driver.rows()[0].hasPrefix("Symbols"))
  #expect(driver.rows()[0].hasSuffix("1/4") || driver.rows()[0].contains("1/"))
  driver.tap(.hash)
  #expect(driver.rows()[0].contains("2/"))
}
