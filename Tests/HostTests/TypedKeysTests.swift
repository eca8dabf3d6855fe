import Host
import KeypadInput
import Testing

private func ms(_ value: Int64) -> Instant { Instant(microseconds: value * 1000) }

@Test func aTypedKeyIsAPressAndAReleaseATapLaterHandedOverWhenDue() {
  var typed = TypedKeys()
  typed.tap(.five, at: ms(100))
  #expect(typed.next == ms(100))
  #expect(typed.takeDue(upTo: ms(99)).isEmpty)
  #expect(typed.takeDue(upTo: ms(100)) == [KeyEvent(.press, .five, at: ms(100))])
  let release = ms(100) + TypedKeys.tapHold
  #expect(typed.takeDue(upTo: release) == [KeyEvent(.release, .five, at: release)])
  #expect(typed.next == nil)
}

@Test func keysTypedFasterThanATapLastAreQueuedOneAfterAnotherNoneLost() {
  var typed = TypedKeys()
  typed.tap(.two, at: ms(0))
  typed.tap(.three, at: ms(5))
  let edges = typed.takeDue(upTo: ms(1_000))
  #expect(edges.map(\.key) == [.two, .two, .three, .three])
  #expect(edges.map(\.action) == [.press, .release, .press, .release])
  // The second press waits until after the first release.
  #expect(edges[2].time > edges[1].time)
}

@Test func aHeldKeyIsDownPastTheLongPressAndARepeatKeepsItDown() {
  var typed = TypedKeys()
  typed.hold(.hash, at: ms(0), longPress: .milliseconds(500))
  let first = typed.takeDue(upTo: ms(0))
  #expect(first == [KeyEvent(.press, .hash, at: ms(0))])
  guard let release = typed.next else {
    Issue.record("no release queued")
    return
  }
  #expect(release > ms(500))
  // The terminal repeats Alt+#: the release moves later, no second press.
  typed.hold(.hash, at: ms(400), longPress: .milliseconds(500))
  let later = typed.takeDue(upTo: ms(10_000))
  #expect(later.count == 1)
  #expect(later.first?.action == .release)
  #expect((later.first?.time ?? .zero) >= release)
}
