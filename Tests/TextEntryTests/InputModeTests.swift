import Testing
import TextEntry

@Test("indicators combine mode and case")
func inputMode_indicators() {
  #expect(InputMode.multitap.indicator(.sentence) == "Abc")
  #expect(InputMode.multitap.indicator(.upper) == "ABC")
  #expect(InputMode.numeric.indicator(.lower) == "123")
  #expect(InputMode.predictive.indicator(.sentence) == "T9 Abc")
}
