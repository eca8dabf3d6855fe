import Testing
import WebPhone

@Test("a bundle encodes and decodes to the same scenario, contacts and dictionaries")
func webBundle_roundTrip() throws {
  var bundle = WebBundle()
  bundle.scenarioFile = "Scenarios/with space/x.scenario"
  bundle.scenario = Array("lcd 16x2\ntap 2\n".utf8)
  bundle.contacts = Array("BEGIN:VCARD\nEND:VCARD\n".utf8)
  bundle.dictionaries = [("en", [0, 10, 255]), ("id", [])]
  let decoded = try WebBundle.decode(bundle.encoded()).get()
  #expect(decoded.scenarioFile == bundle.scenarioFile)
  #expect(decoded.scenario == bundle.scenario)
  #expect(decoded.contacts == bundle.contacts)
  #expect(decoded.dictionaries.map(\.code) == ["en", "id"])
  #expect(decoded.dictionaries.map(\.bytes) == [[0, 10, 255], []])
}

@Test("bytes that are no bundle are refused with the reason, never read past their end")
func webBundle_refusesBadBytes() {
  var good = WebBundle()
  good.scenario = Array("tap 2\n".utf8)
  let bytes = good.encoded()
  let cases: [([UInt8], String)] = [
    (Array("hello\n".utf8), "not a t9phone web bundle"),
    (Array(bytes.dropLast(2)), "bad section 'scenario scenario 6'"),
    (
      Array((WebBundle.magic + "\nscenario x 999999\n").utf8),
      "bad section 'scenario x 999999'"
    ),
    (Array((WebBundle.magic + "\nmusic 0\n\n").utf8), "unknown section 'music'"),
    (Array((WebBundle.magic + "\n").utf8), "the bundle has no scenario"),
  ]
  for (input, message) in cases {
    switch WebBundle.decode(input) {
    case .success: Issue.record("accepted: \(message)")
    case .failure(let error): #expect(error.message == message)
    }
  }
  // Every prefix of a good bundle is refused or read whole, never a crash.
  for end in 0..<bytes.count { _ = WebBundle.decode(Array(bytes[0..<end])) }
}

@Test("a replay gives the outcome line and one frame line a frame, and errors as ERROR")
func webReplay_outcomeAndFrames() {
  var bundle = WebBundle()
  bundle.scenarioFile = "t.scenario"
  bundle.scenario = Array("dictionary off\nlcd 16x2\ntap 5\nexpect screen-name dialer\n".utf8)
  let outcome = WebReplay.run(bundle)
  #expect(outcome.passed)
  let lines = outcome.text.split(separator: "\n")
  #expect(lines.first == "PASS t.scenario (1 checks, 2 key events)")
  #expect(lines.count >= 3 && lines[1].hasPrefix("frames "))
  #expect(lines.count == 2 + (Int(lines[1].dropFirst(7)) ?? -1))
  // The first frame: time 0, no cursor, backlight on, 32 codes, 64 CGRAM bytes.
  let fields = lines[2].split(separator: " ")
  #expect(fields.count == 6 && fields[0] == "0" && fields[3] == "on")
  #expect(fields[4].count == 64 && fields[5].count == 128)

  bundle.scenario = Array("tap x\n".utf8)
  let error = WebReplay.run(bundle)
  #expect(!error.passed)
  #expect(error.text.hasPrefix("ERROR t.scenario:1:5: error: unknown key 'x'"))
  bundle.scenario = Array("contacts people.vcf\ntap 2\n".utf8)
  #expect(WebReplay.run(bundle).text == "ERROR t.scenario: the bundle has no contact file\n")
}
