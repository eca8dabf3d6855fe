import KeypadInput
import Testing

@Test("key names are the scenario names", arguments: Key.allCases)
func key_namesRoundTrip(key: Key) {
  #expect(Key(rawValue: key.name) == key)
  #expect(key.index < Key.count)
}

@Test("indices are dense and unique")
func key_indicesAreDense() {
  #expect(Set(Key.allCases.map(\.index)) == Set(0..<Key.count))
  #expect(Key.allCases.count == Key.count)
}

@Test("digit keys carry their digit and the twelve keys are recognised")
func key_digits() {
  for digit in 0...9 {
    #expect(Key(digit: digit)?.digit == UInt8(digit))
  }
  #expect(Key(digit: 10) == nil)
  #expect(Key.star.isTwelveKey && Key.hash.isTwelveKey && !Key.ok.isTwelveKey)
  #expect(Key.twelveKeys.count == 12)
  #expect(Key.softLeft.name == "softleft")
}
