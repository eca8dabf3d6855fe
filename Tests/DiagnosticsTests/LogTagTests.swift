import Diagnostics
import Testing

@Test("tags compare by module and topic text")
func logTag_equalityUsesText() {
  #expect(LogTag("ui", "screen") == LogTag("ui", "screen"))
  #expect(LogTag("ui", "screen") != LogTag("ui", "notice"))
  #expect(LogTag("lcd", "stream").prefix == "[lcd][stream]")
}
