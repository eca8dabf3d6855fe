import CharacterLCD
import Diagnostics
import Firmware
import KeypadInput
import ModemDriver
import ScenarioText
import Supervision
import TextEntry

extension RunOptions {
  /// What a session of these options loads and how it starts: the phone's
  /// settings, the LCD and ROM, the files, the modem, the start screen and
  /// clock. `clockMinutes` is the time of day when no `--clock` is given;
  /// `adjust` changes the settings last (a keymap's hold policies).
  /// The simulator (`simulator`) also takes `--modem sim`, its default.
  public func session(
    clockMinutes localMinutes: Int, simulator: Bool = false,
    adjust: (inout PhoneSettings) -> Void = { _ in }
  ) throws(CLIError) -> SessionSettings {
    var phone = try phoneSettings()
    var clockMinutes: Int?
    if let clock = self["clock"] {
      guard let minutes = WallClock.parse(clock) else {
        throw CLIError("bad --clock '\(clock)' (write HH:MM, e.g. 09:41)")
      }
      clockMinutes = minutes
    }
    phone.clockAtStart = clockMinutes ?? localMinutes
    if let text = self["stuck-after"] {
      phone.gestures.stuckAfter = try duration(text, "stuck-after")
    }
    if let text = self["notice-time"] { phone.noticeDuration = try duration(text, "notice-time") }
    if let text = self["backlight-timeout"] {
      phone.backlightTimeout = try duration(text, "backlight-timeout")
    }
    if let text = self["partial-timeout"] {
      phone.partialTimeout = try duration(text, "partial-timeout")
    }
    adjust(&phone)
    guard let geometry = LCDGeometry(name: self["lcd"] ?? "16x2") else {
      throw CLIError(
        "unsupported LCD '\(self["lcd"] ?? "")' (16x1, 16x2, 16x4, 20x2, 20x4, 40x2)")
    }
    guard let rom = CharacterROM(name: self["rom"] ?? "A00") else {
      throw CLIError("unknown character ROM '\(self["rom"] ?? "")' (A00, A02)")
    }
    let keepReports = try number("keep-reports", default: 50)
    guard keepReports >= 1 else {
      throw CLIError("--keep-reports must be at least 1, not \(keepReports)")
    }
    let recorderEdges = try number(
      "recorder-edges", default: SupervisorSettings().recorderEdges)
    guard (16...1_000_000).contains(recorderEdges) else {
      throw CLIError("--recorder-edges must be 16 to 1000000, not \(recorderEdges)")
    }
    let state = self["state"]
    var session = SessionSettings(
      phone: phone, geometry: geometry, rom: rom, state: state,
      dictionaryFolder: self["dictionaries"] ?? DictionaryFiles.defaultFolder,
      book: self["book"],
      contactsFixture: self["contacts-fixture"] ?? "Scenarios/fixtures/contacts.vcf",
      recorderEdges: recorderEdges, metricsFile: self["metrics-file"],
      reportsPath: self["reports"] ?? StateDirectory(option: state).path + "/reports",
      keepReports: keepReports)
    if self["contacts-capacity"] != nil {
      session.contactsCapacity = try number("contacts-capacity", default: 0)
    }
    if self["messages-capacity"] != nil {
      session.messagesCapacity = try number("messages-capacity", default: 0)
    }
    if simulator { session.modem = .simulated }
    if let modem = self["modem"] {
      switch ModemSpec.parse(modem) {
      case .success(.simulated) where !simulator:
        throw CLIError(
          "--modem: sim is the simulator's network (t9phone sim --modem sim); run takes none or tty:PATH[@BAUD]"
        )
      case .success(let spec): session.modem = spec
      case .failure(let error): throw CLIError("--modem: \(error)")
      }
    }
    if let start = self["start"] {
      guard let screen = StartScreen(rawValue: start) else {
        var names = ""
        for screen in StartScreen.allCases { names += "\n  - \(screen.rawValue)" }
        throw CLIError("--start: unknown screen '\(start)'; the screens are:\(names)")
      }
      session.start = screen
    }
    session.clockMinutes = clockMinutes
    return session
  }

  /// The phone's settings of the options that every session has.
  func phoneSettings() throws(CLIError) -> PhoneSettings {
    var settings = PhoneSettings()
    let code = self["language"] ?? "en"
    guard let language = Language(code: code) else {
      throw CLIError("unknown language '\(code)' (en, id)")
    }
    settings.language = language
    settings.multitapTimeout = try duration(
      self["multitap-timeout"] ?? "1000ms", "multitap-timeout")
    settings.gestures.longPress = try duration(self["long-press"] ?? "700ms", "long-press")
    settings.gestures.debounce = try duration(self["debounce"] ?? "20ms", "debounce")
    settings.gestures.repeatInterval = try duration(
      self["repeat-interval"] ?? "150ms", "repeat-interval")
    let mode = self["input-mode"] ?? "T9Abc"
    guard let choice = InputModeChoice(indicator: mode) else {
      throw CLIError("unknown input mode '\(mode)' (T9Abc, T9abc, T9ABC, Abc, abc, ABC, 123)")
    }
    settings.defaultMode = choice.mode
    settings.defaultCase = choice.letterCase
    if let text = self["country"] {
      guard let country = Int(text), (1...999).contains(country) else {
        throw CLIError("--country: \(text) is not a country calling code (1 to 999)")
      }
      settings.country = country
    }
    if let text = self["emergency"] {
      switch PhoneSettings.emergencyNumbers(from: text) {
      case .success(let numbers): settings.emergencyNumbers = numbers
      case .failure(let error): throw CLIError("--emergency: \(error.message)")
      }
    }
    return settings
  }

  /// `--log-level`'s level (default: warning).
  public func logLevel() throws(CLIError) -> LogLevel {
    let name = self["log-level"] ?? "warning"
    guard let level = LogLevel(name: name) else {
      throw CLIError("unknown log level '\(name)' (trace, debug, info, notice, warning, error)")
    }
    return level
  }

  private func duration(_ text: String, _ option: String) throws(CLIError) -> Duration {
    guard let value = DurationParser.parse(text) else {
      throw CLIError("bad duration '\(text)' for --\(option) (write 80ms, 1.5s or 2s)")
    }
    return value
  }

  private func number(_ option: String, default fallback: Int) throws(CLIError) -> Int {
    guard let text = self[option] else { return fallback }
    guard let value = Int(text) else {
      throw CLIError("--\(option): '\(text)' is not a whole number")
    }
    return value
  }
}
