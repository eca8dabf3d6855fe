import CharacterLCD
import DisplayDriver
import Firmware
import KeypadInput

/// A parsed scenario: the set-up from its header and the steps to run over a
/// virtual clock.
public struct Scenario: Sendable {
  /// The file it came from.
  public var file: String
  /// The LCD to simulate (`lcd 16x2`).
  public var geometry: LCDGeometry = .lcd16x2
  /// The character ROM (`rom A00`).
  public var rom: CharacterROM = .a00
  /// Which driver feeds the simulated glass (`display i2c`, `display
  /// lcdproc`): the same spec `--display` parses.
  public var display = DisplaySpec.scenarioDefault
  /// The firmware settings (`language`, `set …`, `clock`).
  public var settings = PhoneSettings()
  /// The screen open at time zero (`start compose`).
  public var start: StartScreen = .idle
  /// The message draft the phone starts with (`draft "text"`): what a
  /// reopened message editor shows.
  public var draft: String?
  /// How long `tap` holds each key down (`set tap-hold 80ms`).
  public var tapHold = Stimulus.tapHold
  /// How long `tap` waits after each release (`set tap-gap 150ms`).
  public var tapGap = Stimulus.tapGap
  /// Whether the language's T9 dictionary is loaded (`dictionary off` runs
  /// without one, multi-tap only).
  public var usesDictionary = true
  /// The vCard file to load as the contact book (`contacts PATH.vcf`,
  /// relative to the scenario file), as written.
  public var contactsFile: String?
  /// The contact book's capacity (`contacts-capacity 3`; default 1,000).
  public var contactsCapacity: Int?
  /// The steps, in order.
  public var steps: [ScenarioStep] = []
  /// Whether the simulated network is behind the phone (`modem sim`).
  public var hasModem = false
  /// The simulated SIM's PIN (`sim-pin 1234`; 1234 by default).
  public var simPIN = Scenario.defaultSIMPIN
  /// The simulated SIM's PIN unless the header says otherwise.
  public static let defaultSIMPIN = "1234"
  /// The message store's part slots (`messages-capacity N`).
  public var messageCapacity = 30
  /// `keymap NAME|PATH`: how `evemu` recordings' evdev keys become keypad
  /// keys (default `numpad-phone`).
  public var keymap = "numpad-phone"

  /// An empty scenario for `file` with the default header.
  public init(file: String) {
    self.file = file
  }
}
