import Scenario
import T9Engine
import Testing
import Vocabulary
import WebPhone

/// A page's bundle: `header` as the settings, a small English dictionary.
private func pageBundle(_ header: String) throws -> WebBundle {
  var bundle = WebBundle()
  bundle.scenarioFile = "settings"
  bundle.scenario = Array(header.utf8)
  let source = "hello\t9.00\ngood\t8.00\nhome\t7.00\ngone\t6.00\nin\t5.00\nis\t4.00\n"
  bundle.dictionaries = [
    ("en", try T9DictionaryBuilder.build(source: source, language: "en", file: "en.tsv"))
  ]
  return bundle
}

private func ms(_ value: Int64) -> Instant { Instant(microseconds: value * 1000) }

/// Taps `keys` from `start`, each held 80 ms with 150 ms between: the time after.
private func tap(_ phone: inout PagePhone, _ keys: [Key], from start: Int64) -> Int64 {
  var time = start
  for key in keys {
    phone.session.key(.press, key, at: ms(time))
    phone.session.key(.release, key, at: ms(time + 80))
    time += 230
  }
  return time
}

@Test("key edges at the page's times type T9, and a held key is a long press")
func pagePhone_typesT9AndLongPress() throws {
  var phone = try PagePhone(pageBundle("lcd 16x2\nstart compose\nset long-press 800ms\n"))
  #expect(phone.notes.isEmpty)
  var time = tap(&phone, [.four, .three, .five, .five, .six], from: 100)
  #expect(phone.session.phone.focusedText == "Hello")
  // Held past the long-press time, with the page's clock moving while it is
  // down: the digit, after the word.
  phone.session.key(.press, .five, at: ms(time))
  phone.session.advance(to: ms(time + 900))
  phone.session.key(.release, .five, at: ms(time + 1000))
  time += 1200
  #expect(phone.session.phone.focusedText == "Hello5")
  // An edge stamped before the present is taken at the present.
  phone.session.advance(to: ms(time))
  phone.session.key(.press, .zero, at: ms(10))
  #expect(phone.session.now == ms(time))
  phone.session.key(.release, .zero, at: ms(time + 80))
  #expect(phone.session.phone.focusedText == "Hello5 ")
}

@Test("the page's network lines reach the phone, and a bad line says where it is wrong")
func pagePhone_performsNetworkLines() throws {
  var phone = try PagePhone(pageBundle("lcd 16x2\n"))
  phone.session.advance(to: ms(3000))
  #expect(phone.perform("network sms +15550101 \"Lunch?\"") == nil)
  phone.session.advance(to: ms(6000))
  #expect(phone.session.phone.messages.inboxCount == 1)
  #expect(phone.perform("expect inbox 1") == nil)
  #expect(phone.perform("expect inbox 2") == "1: the inbox holds 1 messages, expected 2")
  let problem = phone.perform("network sing")
  #expect(problem?.hasPrefix("page:3:9: error:") == true)
}

@Test("saved state starts the next phone with what it learned, its messages and its contacts")
func pagePhone_savedStateRoundTrip() throws {
  var phone = try PagePhone(pageBundle("lcd 16x2\nstart compose\n"))
  var time = tap(&phone, [.four, .six, .six, .three, .star, .zero], from: 100)
  phone.session.advance(to: ms(time + 20_000))  // learned words are written after a quiet spell
  #expect(phone.perform("network sms +15550101 \"Saved\"") == nil)
  time += 25_000
  phone.session.advance(to: ms(time))
  let saved = phone.savedState(settings: Array("lcd 16x2\n".utf8))
  #expect(saved.learned.map(\.code) == ["en"])
  #expect(saved.messages != nil)

  let next = try PagePhone(
    WebBundle.decode(saved.encoded()).get().with(dictionariesOf: pageBundle("")))
  #expect(next.notes.isEmpty)
  #expect(next.session.phone.messages.inboxCount == 1)
  #expect(next.session.phone.learning[.english]?.recordCount ?? 0 > 0)
}

@Test("saved state that is damaged is set aside and said, and the phone starts without it")
func pagePhone_setsAsideDamagedState() throws {
  var bundle = try pageBundle("lcd 16x2\n")
  bundle.learned = [("en", [1, 2, 3])]
  bundle.messages = Array(repeating: 7, count: 100)
  bundle.contacts = Array("BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL:+15550101\nEND:VCARD\n".utf8)
  let phone = try PagePhone(bundle)
  #expect(phone.notes.count == 2)
  #expect(phone.notes.contains { $0.hasPrefix("learned-en.t9user set aside") })
  #expect(phone.notes.contains { $0.hasPrefix("messages set aside") })
  #expect(phone.session.phone.contacts.count == 1)
  #expect(phone.contactsText?.contains("Ana") == true)

  var bad = try pageBundle("lcd 99x2\n")
  bad.scenario = Array("lcd 99x2\n".utf8)
  #expect(throws: WebBundleError.self) { _ = try PagePhone(bad) }
}

@Test("a recorded page session is a scenario that replays green")
func pagePhone_recordingReplays() throws {
  var phone = try PagePhone(pageBundle("lcd 16x2\nstart compose\n"))
  phone.session.startRecording(tapHold: .milliseconds(60))
  let time = tap(&phone, [.four, .three, .five, .five, .six], from: 100)
  phone.session.advance(to: ms(time + 1500))
  let recorded = phone.session.recording()
  let text = try #require(recorded)
  #expect(text.contains("expect text \"Hello\""))
  var bundle = try pageBundle("")
  bundle.scenarioFile = "recording.scenario"
  bundle.scenario = Array(text.utf8)
  let replay = WebReplay.run(bundle)
  #expect(replay.passed, "\(replay.text.prefix(400))")
}

@Test("a page replay keeps each check with its time, outcome and the frame it was checked on")
func pageReplay_checksAndFrames() throws {
  var bundle = try pageBundle("")
  bundle.scenarioFile = "t.scenario"
  bundle.scenario = Array(
    "lcd 16x2\nstart compose\ntap 4 3 5 5 6\nexpect text \"Hello\"\ntap 0\nexpect text \"Gone\"\n"
      .utf8)
  let replay = PageReplay(bundle)
  #expect(replay.error == nil)
  #expect(replay.result.checks.map(\.line) == [4, 6])
  #expect(replay.result.checks.map(\.passed) == [true, false])
  let lines = replay.text.split(separator: "\n")
  #expect(lines.first == "FAIL t.scenario")
  let checks = lines.filter { $0.hasPrefix("check ") }
  #expect(checks.count == 2)
  // The frame a check names is the last drawn at or before it.
  for check in replay.result.checks {
    let index = try #require(replay.frameIndex(at: check.time))
    #expect(replay.result.frames[index].time <= check.time)
    if index + 1 < replay.result.frames.count {
      #expect(replay.result.frames[index + 1].time > check.time)
    }
  }
  #expect(replay.blinkPhases.count == replay.result.frames.count)

  bundle.scenario = Array("tap x\n".utf8)
  #expect(PageReplay(bundle).text.hasPrefix("ERROR t.scenario:1:5: error: unknown key 'x'"))
}

extension WebBundle {
  /// This bundle with `other`'s dictionaries.
  fileprivate func with(dictionariesOf other: WebBundle) -> WebBundle {
    var bundle = self
    bundle.dictionaries = other.dictionaries
    return bundle
  }
}
