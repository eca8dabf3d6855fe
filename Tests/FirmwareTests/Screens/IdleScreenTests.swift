import Firmware
import KeypadInput
import Testing

@Test("idle: a digit opens the dialer with it typed; hold * opens it with *")
func idleScreen_digitsOpenTheDialer() {
  var driver = PhoneDriver()
  driver.tap(.five)
  #expect(driver.phone.screenName == "dialer")
  #expect(driver.phone.focusedText == "5")
  driver.tap(.end)
  driver.hold(.star)
  #expect(driver.phone.focusedText == "*")
}

@Test("idle: a tap of * does nothing, so backing out with * stops at idle")
func idleScreen_starTapStays() {
  var driver = PhoneDriver()
  driver.tap(.star)
  #expect(driver.phone.screenName == "idle")
  driver.tap(.softRight)
  #expect(driver.phone.screenName == "contacts")
  driver.tap(.star, .star)
  #expect(driver.phone.screenName == "idle")
}
