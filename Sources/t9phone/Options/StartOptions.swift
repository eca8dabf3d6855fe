import ArgumentParser
import Firmware
import Host
import Scenario
import ScenarioText

extension StartScreen: ExpressibleByArgument {}

/// How `t9phone run` starts the phone besides the simulator's options: the
/// screen open at the start, the time of day, the contact book's capacity
/// and the settings a scenario header sets that those options do not. With
/// them a harness starts the firmware as a scenario's phone (the hardware
/// suite's `--start`, `--clock`, …; docs/deploy.md).
struct StartOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The screen open at the start: \(StartScreen.allCases.map { $0.rawValue }.joined(separator: ", ")) (a scenario's `start`).",
      valueName: "SCREEN"))
  var start: StartScreen = .idle

  @Option(
    help: ArgumentHelp(
      "The time of day at the start, HH:MM, on 2026-01-01 as in a scenario (default: the system's local time).",
      valueName: "HH:MM"))
  var clock: String?

  @Option(
    name: .customLong("contacts-capacity"),
    help: ArgumentHelp(
      "The capacity of a contact book created now (default: 1000).", valueName: "N"))
  var contactsCapacity: Int?

  @Option(
    name: .customLong("stuck-after"),
    help: "A key held longer is treated as released, e.g. 30s.")
  var stuckAfter: String?

  @Option(name: .customLong("notice-time"), help: "How long a notice stays, e.g. 1500ms.")
  var noticeTime: String?

  @Option(
    name: .customLong("backlight-timeout"),
    help: "The backlight turns off after this long without a key, e.g. 15s.")
  var backlightTimeout: String?

  @Option(
    name: .customLong("partial-timeout"),
    help: "A message missing parts is shown as partial after this long, e.g. 5min.")
  var partialTimeout: String?

  /// Refuses a clock that is not `HH:MM`.
  func validate() throws {
    if let clock, WallClock.parse(clock) == nil {
      throw ValidationError("bad --clock '\(clock)' (write HH:MM, e.g. 09:41)")
    }
  }

  /// The time of day at the start in minutes after midnight, if given.
  var clockMinutes: Int? { clock.flatMap(WallClock.parse) }

  /// Applies the settings given to `settings`.
  func apply(to settings: inout PhoneSettings) throws {
    if let minutes = clockMinutes { settings.clockAtStart = minutes }
    if let text = stuckAfter { settings.gestures.stuckAfter = try duration(text, "--stuck-after") }
    if let text = noticeTime { settings.noticeDuration = try duration(text, "--notice-time") }
    if let text = backlightTimeout {
      settings.backlightTimeout = try duration(text, "--backlight-timeout")
    }
    if let text = partialTimeout {
      settings.partialTimeout = try duration(text, "--partial-timeout")
    }
  }

  private func duration(_ text: String, _ option: String) throws -> Duration {
    guard let value = DurationParser.parse(text) else {
      throw ValidationError("bad duration '\(text)' for \(option) (write 80ms, 1.5s or 2s)")
    }
    return value
  }
}
