import KeypadInput
import Testing

@Test("defaults: 20 ms debounce, 700 ms long press, 150 ms repeat, 30 s stuck")
func gestureSettings_defaults() {
  let settings = GestureSettings()
  #expect(settings.debounce == .milliseconds(20))
  #expect(settings.longPress == .milliseconds(700))
  #expect(settings.repeatInterval == .milliseconds(150))
  #expect(settings.stuckAfter == .seconds(30))
}

@Test("hash and arrows repeat, ok and call do not hold, digits long-press")
func gestureSettings_defaultHoldPolicies() {
  let settings = GestureSettings()
  #expect(settings.holdPolicy(for: .hash) == .longPressThenRepeat)
  #expect(settings.holdPolicy(for: .down) == .longPressThenRepeat)
  #expect(settings.holdPolicy(for: .ok) == .none)
  #expect(settings.holdPolicy(for: .call) == .none)
  #expect(settings.holdPolicy(for: .seven) == .longPress)
  #expect(settings.holdPolicy(for: .star) == .longPress)
}
