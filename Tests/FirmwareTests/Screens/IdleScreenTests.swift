import Firmware
import FirmwareTestSupport
import KeypadInput
import Testing

@Test("idle: a digit opens the dialer with it typed; hold * opens it with *")
func idleScreen_digitsOpenTheDialer() {
  var harness = PhoneHarness(Phone())
  harness.tap(.five)
  #expect(harness.phone.screenName == "dialer")
  #expect(harness.phone.focusedText == "5")
  harness.tap(.end)
  harness.hold(.star)
  #expect(harness.phone.focusedText == "*")
}

@Test("idle: a tap of * does nothing, so backing out with * stops at idle")
func idleScreen_starTapStays() {
  var harness = PhoneHarness(Phone())
  harness.tap(.star)
  #expect(harness.phone.screenName == "idle")
  harness.tap(.softRight)
  #expect(harness.phone.screenName == "contacts")
  harness.tap(.star, .star)
  #expect(harness.phone.screenName == "idle")
}
