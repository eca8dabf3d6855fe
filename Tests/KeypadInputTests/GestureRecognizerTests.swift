import Diagnostics
import KeypadInput
import TestSupport
import Testing

/// Drives a recogniser like the firmware does: timers first, then the event.
struct Driver {
  var recognizer = GestureRecognizer()
  var gestures: [Gesture] = []
  let collector = LogCollector()

  init(settings: GestureSettings = GestureSettings()) {
    recognizer = GestureRecognizer(settings: settings)
  }

  var log: Log { collector.log }

  mutating func run(until time: Int64) {
    let end = Instant(microseconds: time * 1000)
    while let due = recognizer.nextDeadline, due <= end {
      gestures += recognizer.fire(upTo: due, log: log)
    }
  }

  mutating func send(_ action: KeyEvent.Action, _ key: Key, atMs time: Int64) {
    run(until: time)
    gestures += recognizer.handle(
      KeyEvent(action, key, at: Instant(microseconds: time * 1000)), log: log)
  }

  var summary: [String] {
    gestures.map { gesture in
      let kind: String
      switch gesture.kind {
      case .tap: kind = "tap"
      case .longPress: kind = "long"
      case .repeatPress: kind = "repeat"
      }
      return "\(kind) \(gesture.key.name) @\(gesture.time.microseconds / 1000)"
    }
  }

  func logged(_ text: String) -> Bool { collector.contains(text) }
}

@Test("a short press is a tap, recognised at release")
func gestureRecognizer_tapOnRelease() {
  var driver = Driver()
  driver.send(.press, .five, atMs: 0)
  driver.run(until: 50)
  #expect(driver.gestures.isEmpty)
  driver.send(.release, .five, atMs: 80)
  #expect(driver.summary == ["tap 5 @80"])
}

@Test("a long press fires at the threshold while the key is still down")
func gestureRecognizer_longPressFiresWhileHeld() {
  var driver = Driver()
  driver.send(.press, .five, atMs: 100)
  driver.run(until: 799)
  #expect(driver.gestures.isEmpty)
  driver.run(until: 800)
  #expect(driver.summary == ["long 5 @800"])
  driver.send(.release, .five, atMs: 2000)
  #expect(driver.summary == ["long 5 @800"], "release after a long press adds nothing")
  #expect(driver.logged("[keypad][gesture] long press 5 after 700 ms"))
}

@Test("hash repeats every repeat interval after its long press")
func gestureRecognizer_hashRepeats() {
  var driver = Driver()
  driver.send(.press, .hash, atMs: 0)
  driver.send(.release, .hash, atMs: 1000)
  #expect(driver.summary == ["long # @700", "repeat # @850", "repeat # @1000"])
}

@Test("a press shorter than the debounce time is ignored")
func gestureRecognizer_debounce() {
  var driver = Driver()
  driver.send(.press, .two, atMs: 0)
  driver.send(.release, .two, atMs: 19)
  #expect(driver.gestures.isEmpty)
  driver.send(.press, .two, atMs: 100)
  driver.send(.release, .two, atMs: 120)
  #expect(driver.summary == ["tap 2 @120"], "exactly the debounce time counts")
}

@Test(
  "a zero or negative repeat interval repeats every millisecond instead of hanging at one instant",
  arguments: [Duration.zero, .milliseconds(-5)])
func gestureRecognizer_zeroRepeatInterval(interval: Duration) {
  var settings = GestureSettings()
  settings.repeatInterval = interval
  var driver = Driver(settings: settings)
  driver.send(.press, .hash, atMs: 0)
  driver.run(until: 705)
  #expect(
    driver.summary == [
      "long # @700", "repeat # @701", "repeat # @702", "repeat # @703", "repeat # @704",
      "repeat # @705",
    ])
  driver.send(.release, .hash, atMs: 706)
  #expect(driver.recognizer.nextDeadline == nil)
}

@Test("autorepeat events from the OS are ignored")
func gestureRecognizer_ignoresAutorepeat() {
  var driver = Driver()
  driver.send(.press, .three, atMs: 0)
  driver.send(.autorepeat, .three, atMs: 250)
  driver.send(.autorepeat, .three, atMs: 280)
  driver.send(.release, .three, atMs: 300)
  #expect(driver.summary == ["tap 3 @300"])
}

@Test("two keys down at once are handled in press order")
func gestureRecognizer_pressOrder() {
  var driver = Driver()
  driver.send(.press, .two, atMs: 0)
  driver.send(.press, .three, atMs: 50)
  driver.send(.release, .three, atMs: 100)
  driver.send(.release, .two, atMs: 150)
  #expect(driver.summary == ["tap 2 @50", "tap 3 @100"])
}

@Test("a second key ends the first key's repeat")
func gestureRecognizer_secondKeyStopsRepeat() {
  var driver = Driver()
  driver.send(.press, .hash, atMs: 0)
  driver.run(until: 860)
  driver.send(.press, .four, atMs: 900)
  driver.run(until: 2000)
  driver.send(.release, .four, atMs: 2000)
  #expect(driver.summary == ["long # @700", "repeat # @850", "long 4 @1600"])
}

@Test("a key held past the stuck time is released and logged")
func gestureRecognizer_stuckKey() {
  var driver = Driver()
  driver.send(.press, .seven, atMs: 0)
  driver.run(until: 31_000)
  #expect(driver.recognizer.keysDown.isEmpty)
  #expect(driver.logged("stuck"))
  driver.send(.release, .seven, atMs: 40_000)
  #expect(driver.summary == ["long 7 @700"])
}

@Test("keys without a hold policy are taps however long they are held")
func gestureRecognizer_noHoldPolicy() {
  var driver = Driver()
  driver.send(.press, .ok, atMs: 0)
  driver.send(.release, .ok, atMs: 1500)
  #expect(driver.summary == ["tap ok @1500"])
}

@Test("thresholds are settings")
func gestureRecognizer_thresholdsAreSettings() {
  var settings = GestureSettings(
    debounce: .milliseconds(50), longPress: .milliseconds(300), repeatInterval: .milliseconds(100))
  settings.setHoldPolicy(.none, for: .five)
  var driver = Driver(settings: settings)
  driver.send(.press, .two, atMs: 0)
  driver.send(.release, .two, atMs: 40)
  driver.send(.press, .two, atMs: 100)
  driver.send(.release, .two, atMs: 500)
  driver.send(.press, .five, atMs: 1000)
  driver.send(.release, .five, atMs: 2000)
  #expect(driver.summary == ["long 2 @400", "tap 5 @2000"])
}

@Test("more than four keys down: the fifth is ignored and logged")
func gestureRecognizer_rollover() {
  var driver = Driver()
  for (offset, key) in [Key.one, .two, .three, .four, .five].enumerated() {
    driver.send(.press, key, atMs: Int64(offset * 30))
  }
  #expect(driver.recognizer.keysDown == [.one, .two, .three, .four])
  #expect(driver.logged("5 ignored"))
}
