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

@Test("each key's hold policy is set and read on its own, and settings compare by them")
func gestureSettings_holdPoliciesPerKey() {
  let policies: [HoldPolicy] = [.none, .longPress, .longPressThenRepeat]
  for (index, key) in Key.allCases.enumerated() {
    for policy in policies {
      var settings = GestureSettings()
      settings.setHoldPolicy(policy, for: key)
      #expect(settings.holdPolicy(for: key) == policy, "\(key)")
      // Every other key keeps its default.
      for other in Key.allCases where other != key {
        #expect(settings.holdPolicy(for: other) == GestureSettings.defaultHoldPolicy(for: other))
      }
      #expect(
        (settings == GestureSettings()) == (policy == GestureSettings.defaultHoldPolicy(for: key)))
    }
    // A key's policy set to each in turn ends as the last.
    var settings = GestureSettings()
    for offset in 0..<policies.count {
      settings.setHoldPolicy(policies[(index + offset) % policies.count], for: key)
    }
    #expect(
      settings.holdPolicy(for: key) == policies[(index + policies.count - 1) % policies.count])
  }
}
