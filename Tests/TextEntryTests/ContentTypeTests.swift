import Testing
import TextEntry

@Test("each content type accepts its characters")
func contentType_accepts() {
  #expect(ContentType.text.accepts("@"))
  #expect(
    ContentType.name.accepts("é") && ContentType.name.accepts("'") && !ContentType.name.accepts("@")
  )
  #expect(
    ContentType.phone.accepts("+") && ContentType.phone.accepts("w")
      && !ContentType.phone.accepts("a"))
  #expect(ContentType.number.accepts("9") && !ContentType.number.accepts("+"))
}

@Test("phone and number fields are 123 only; text starts in T9 when a dictionary exists")
func contentType_modes() {
  #expect(!ContentType.phone.allows(.multitap))
  #expect(ContentType.number.allows(.numeric))
  #expect(ContentType.text.initialMode(predictiveAvailable: true) == .predictive)
  #expect(ContentType.text.initialMode(predictiveAvailable: false) == .multitap)
  #expect(ContentType.name.initialMode(predictiveAvailable: true) == .multitap)
}
