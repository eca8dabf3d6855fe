import CharacterLCD
import DisplayDriver

/// What a flight report's replay needs that the phone does not know: the
/// LCD and its ROM, the display the frames went to, whether a dictionary
/// was loaded, the contact book written beside the report, the modem and
/// the message store's capacity, the keymap.
/// A run fills it from its options; a scenario's header is one too
/// (`Scenario.reportHeader`).
public struct ReportHeader: Sendable {
  /// The LCD (`lcd 16x2`).
  public var geometry: LCDGeometry = .lcd16x2
  /// The character ROM (`rom A00`).
  public var rom: CharacterROM = .a00
  /// The display the frames went to (`display i2c …`, `display lcdproc`).
  public var display = DisplaySpec.scenarioDefault
  /// Whether the language's T9 dictionary was loaded (`dictionary on`).
  public var usesDictionary = true
  /// The vCard file of the book the replay starts from (`contacts PATH`).
  public var contactsFile: String?
  /// The contact book's capacity (`contacts-capacity N`).
  public var contactsCapacity: Int?
  /// Whether the phone had a modem (`modem sim`: a replay puts the
  /// simulated network behind it, and the report's `network` lines say
  /// what it did).
  public var hasModem = false
  /// The message store's capacity in parts (`messages-capacity N`).
  public var messagesCapacity: Int?
  /// The keymap's name or path (`keymap NAME`).
  public var keymap = "numpad-phone"

  /// The defaults of a scenario's header.
  public init() {}
}
