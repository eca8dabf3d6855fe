import CharacterLCD
import Firmware
import FirmwareTestSupport
import KeypadInput
import Testing

@Test("menus: a digit picks the item at that position of the menu's enum")
func menuScreen_digitsFollowTheTypedItems() {
  var harness = PhoneHarness(Phone(start: .menu))
  #expect(harness.phone.menuScreen?.menu == .main)
  let settings = MainMenuItem.allCases.firstIndex(of: .settings) ?? -1
  harness.tap(digitKey(settings + 1))
  #expect(harness.phone.menuScreen?.menu == .settings)
  let language = SettingsMenuItem.allCases.firstIndex(of: .language) ?? -1
  harness.tap(digitKey(language + 1))
  #expect(harness.phone.menuScreen?.menu == .language)
}

@Test("menus: the rows show each item's title in enum order, numbered")
func menuScreen_rowsShowTitles() {
  var harness = PhoneHarness(Phone(geometry: lcd20x4, start: .menu))
  // Three rows show at once: each item is on the glass, highlighted, after
  // moving down to it.
  for (index, item) in MainMenuItem.allCases.enumerated() {
    #expect(harness.rows.contains { $0.contains("→\(index + 1) \(item.title)") })
    harness.tap(.down)
  }
}

@Test("menus: a digit past the last item is refused with a notice")
func menuScreen_missingItem() {
  var harness = PhoneHarness(Phone(start: .menu))
  harness.tap(.nine)
  #expect(harness.phone.noticeText == "No item 9")
  #expect(harness.phone.screenName == "menu")
}

@Test("menus: # moves down, wrapping, and * goes back")
func menuScreen_moveAndBack() {
  var harness = PhoneHarness(Phone(start: .menu))
  harness.tap(.hash, .hash, .hash)
  #expect(harness.phone.menuScreen?.list.selected == 3)
  harness.tap(.hash)
  #expect(harness.phone.menuScreen?.list.selected == 0)
  harness.tap(.star)
  #expect(harness.phone.screenName == "idle")
}

@Test("settings: choosing T9 without a dictionary is refused; multi-tap is saved")
func menuScreen_inputModeChoice() {
  var harness = PhoneHarness(Phone(start: .settings))
  harness.tap(.three)
  #expect(harness.phone.menuScreen?.menu == .inputMode)
  harness.tap(.one)
  #expect(harness.phone.noticeText == "No dictionary")
  harness.tap(digitKey((InputModeChoice.allCases.firstIndex(of: .multitapLower) ?? -1) + 1))
  #expect(harness.phone.settings.defaultMode == .multitap)
  #expect(harness.phone.settings.defaultCase == .lower)
  #expect(harness.phone.noticeText == "Saved")
}

@Test("settings: an input mode is found by its indicator, spaces ignored")
func inputModeChoice_byIndicator() {
  #expect(InputModeChoice(indicator: "T9 Abc") == .predictiveSentence)
  #expect(InputModeChoice(indicator: "T9abc") == .predictiveLower)
  #expect(InputModeChoice(indicator: "123") == .numeric)
  #expect(InputModeChoice(indicator: "Xyz") == nil)
}
