import CharacterLCD
import Testing

@Test("a blinking cursor shows the block, then the character, each for 409.6 ms")
func blinkPhase_followsTheCycle() {
  #expect(BlinkPhase(microsecondsBlinking: 0) == .block)
  #expect(BlinkPhase(microsecondsBlinking: 409_599) == .block)
  #expect(BlinkPhase(microsecondsBlinking: 409_600) == .character)
  #expect(BlinkPhase(microsecondsBlinking: 819_199) == .character)
  #expect(BlinkPhase(microsecondsBlinking: 819_200) == .block)
}
