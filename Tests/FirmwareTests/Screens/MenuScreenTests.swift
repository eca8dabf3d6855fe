import CharacterLCD
import Firmware
import KeypadInput
import Testing

@Test("menus: a digit picks the item at that position of the menu's enum")
func menuScreen_digitsFollowTheTypedItems() {
  var driver = PhoneDriver(start: .menu)
  #expect(driver.phone.menuScreen?.menu == .main)
  let settings = MainMenuItem.allCases.firstIndex(of: .settings) ?? -1
  driver.tap(digitKey(settings + 1))
  #expect(driver.phone.menuScreen?.menu == .settings)
  let language = SettingsMenuItem.allCases.firstIndex(of: .language) ?? -1
  driver.tap(digitKey(language + 1))
  #expect(driver.phone.menuScreen?.menu == .language)
}

@Test("menus: the rows show each item's title in enum order, numbered")
func menuScreen_rowsShowTitles() {
  var driver = PhoneDriver(geometry: lcd20x4, start: .menu)
  let rows = driver.rows()
  for (index, item) in MainMenuItem.allCases.enumerated() {
    #expect(rows[index + 1].contains("\(index + 1) \(item.title)"))
  }
}

@Test("menus: a digit past the last item is refused with a notice")
func menuScreen_missingItem() {
  var driver = PhoneDriver(start: .menu)
  driver.tap(.nine)
  #expect(driver.phone.noticeText == "No item 9")
  #expect(driver.phone.screenName == "menu")
}

@Test("menus: # moves down, wrapping, and * goes back")
func menuScreen_moveAndBack() {
  var driver = PhoneDriver(start: .menu)
  driver.tap(.hash, .hash, .hash)
  #expect(driver.phone.menuScreen?.list.selected == 0)
  driver.tap(.star)
  #expect(driver.phone.screenName == "idle")
}

@Test("settings: choosing T9 without a dictionary is refused; multi-tap is saved")
func menuScreen_inputModeChoice() {
  var driver = PhoneDriver(start: .settings)
  driver.tap(.three)
  #expect(driver.phone.menuScreen?.menu == .inputMode)
  driver.tap(.one)
  #expect(driver.phone.noticeText == "No dictionary")
  driver.tap(digitKey((InputModeChoice.allCases.firstIndex(of: .multitapLower) ?? -1) + 1))
  #expect(driver.phone.settings.defaultMode == .multitap)
  #expect(driver.phone.settings.defaultCase == .lower)
  #expect(driver.phone.noticeText == "Saved")
}

@Test("settings: an input mode is found by its indicator, spaces ignored")
func inputModeChoice_byIndicator() {
  #expect(InputModeChoice(indicator: "T9 Abc") == .predictiveSentence)
  #expect(InputModeChoice(indicator: "T9abc") == .predictiveLower)
  #expect(InputModeChoice(indicator: "123") == .numeric)
  #expect(InputModeChoice(indicator: "Xyz") == nil)
}
