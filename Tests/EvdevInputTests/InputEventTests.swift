import Testing

@testable import EvdevInput

@Test("an event's time in microseconds joins its seconds and microseconds")
func inputEvent_time() {
  let event = InputEvent(seconds: 12, microseconds: 345_678, type: 1, code: 76, value: 1)
  #expect(event.timeInMicroseconds == 12_345_678)
}
