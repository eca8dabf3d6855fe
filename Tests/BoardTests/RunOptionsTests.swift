import Board
import CharacterLCD
import Firmware
import ModemDriver
import Testing
import TextEntry

/// The options as parsed, or the error's text.
private func parsed(_ words: [String]) -> Result<RunOptions, CLIError> {
  switch RunOptions.parse(words) {
  case .success(.run(let options)): .success(options)
  case .success(.help): .failure(CLIError("help"))
  case .success(.version): .failure(CLIError("version"))
  case .failure(let error): .failure(error)
  }
}

@Test func runOptionsTakeAValueAfterTheNameOrAfterAnEqualsSign() throws {
  let options = try parsed(["--lcd", "20x4", "--rom=A02", "--no-grab", "--log-level=debug"]).get()
  #expect(options["lcd"] == "20x4")
  #expect(options["rom"] == "A02")
  #expect(options.flag("no-grab"))
  #expect(!options.flag("report-state"))
  #expect(options["log-level"] == "debug")
}

@Test func runOptionsRefuseWhatTheyDoNotKnowOrWhatIsMissing() {
  let cases: [([String], String)] = [
    (["--bogus"], "unknown option '--bogus' (see --help)"),
    (["--lcd"], "--lcd needs a value (GEOMETRY)"),
    (["--no-grab=yes"], "--no-grab takes no value"),
    (["20x4"], "unexpected argument '20x4' (see --help)"),
  ]
  for (words, message) in cases {
    guard case .failure(let error) = parsed(words) else {
      Issue.record("\(words) parsed")
      continue
    }
    #expect(error.description == message)
  }
}

@Test func helpAndVersionAreAnsweredWhereverTheyStand() {
  guard case .success(.help) = RunOptions.parse(["--lcd", "16x2", "--help"]) else {
    Issue.record("--help not seen")
    return
  }
  guard case .success(.version) = RunOptions.parse(["--version"]) else {
    Issue.record("--version not seen")
    return
  }
  let usage = RunOptions.usage(command: "t9phone")
  for entry in RunOptions.table { #expect(usage.contains("--\(entry.name)")) }
}

@Test func aSessionCarriesEveryOptionIntoItsSettings() throws {
  let options = try parsed([
    "--lcd", "20x4", "--rom", "A02", "--language", "id", "--long-press", "900ms",
    "--input-mode", "abc", "--clock", "09:41", "--start", "compose", "--modem",
    "tty:/dev/ttyUSB2@57600", "--country", "62", "--keep-reports", "3",
    "--contacts-capacity", "20", "--notice-time", "2s",
  ]).get()
  let session = try options.session(clockMinutes: 0)
  #expect(session.geometry == LCDGeometry(name: "20x4"))
  #expect(session.rom == .a02)
  #expect(session.phone.language == .indonesian)
  #expect(session.phone.gestures.longPress == .milliseconds(900))
  #expect(session.phone.defaultMode == .multitap)
  #expect(session.phone.clockAtStart == 9 * 60 + 41)
  #expect(session.clockMinutes == 9 * 60 + 41)
  #expect(session.start == .compose)
  #expect(session.modem == .tty(path: "/dev/ttyUSB2", baud: 57_600))
  #expect(session.phone.country == 62)
  #expect(session.keepReports == 3)
  #expect(session.contactsCapacity == 20)
  #expect(session.phone.noticeDuration == .seconds(2))
}

@Test func theFirmwareHasNoSimulatedNetworkButTheSimulatorDoes() throws {
  let options = try parsed(["--modem", "sim"]).get()
  #expect(throws: CLIError.self) { try options.session(clockMinutes: 0) }
  #expect(try options.session(clockMinutes: 0, simulator: true).modem == .simulated)
  #expect(try parsed([]).get().session(clockMinutes: 0).modem == ModemSpec.none)
  #expect(try parsed([]).get().session(clockMinutes: 0, simulator: true).modem == .simulated)
}

@Test func badValuesSayHowToWriteThem() throws {
  let cases: [([String], String)] = [
    (["--clock", "24:00"], "bad --clock '24:00' (write HH:MM, e.g. 09:41)"),
    (["--keep-reports", "0"], "--keep-reports must be at least 1, not 0"),
    (["--recorder-edges", "3"], "--recorder-edges must be 16 to 1000000, not 3"),
    (["--notice-time", "soon"], "bad duration 'soon' for --notice-time (write 80ms, 1.5s or 2s)"),
    (["--language", "xx"], "unknown language 'xx' (en, id)"),
    (["--country", "1000"], "--country: 1000 is not a country calling code (1 to 999)"),
    (["--keep-reports", "many"], "--keep-reports: 'many' is not a whole number"),
  ]
  for (words, message) in cases {
    let options = try parsed(words).get()
    do {
      _ = try options.session(clockMinutes: 0)
      Issue.record("\(words) was taken")
    } catch {
      #expect(error.description == message)
    }
  }
}
