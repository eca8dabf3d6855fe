import CharacterLCD
import Firmware
import ModemDriver

/// What a phone session loads and how it starts, as the command line says:
/// the firmware's settings, the LCD, where the state, dictionaries, book,
/// statistics and reports are, and how the phone starts (`t9phone run
/// --start`, `--clock`, `--contacts-capacity`).
public struct SessionSettings {
  /// The firmware's settings (the wall clock's epoch is set at start).
  public var phone: PhoneSettings
  /// The LCD.
  public var geometry: LCDGeometry
  /// The character ROM.
  public var rom: CharacterROM
  /// `--state`: the state folder (nil: the XDG default).
  public var state: String?
  /// `--dictionaries`: where the `.t9dict` files are.
  public var dictionaryFolder: String
  /// `--book`: the contact book's file (nil: in the state folder).
  public var book: String?
  /// The vCard file a new book starts with.
  public var contactsFixture: String
  /// How many contacts a new book holds (nil: the default).
  public var contactsCapacity: Int?
  /// `--messages-capacity`: how many parts a new message store holds (nil:
  /// the default).
  public var messagesCapacity: Int?
  /// `--modem`: the modem.
  public var modem = ModemSpec.none
  /// How many key edges the flight recorder keeps.
  public var recorderEdges: Int
  /// `--metrics-file`: where the Prometheus text goes, if anywhere.
  public var metricsFile: String?
  /// Where flight reports go, and how many are kept.
  public var reportsPath: String
  /// How many flight reports the folder keeps.
  public var keepReports: Int
  /// The screen open at the start.
  public var start: StartScreen = .idle
  /// The time of day at the start (minutes after midnight) on the day
  /// scenarios happen; nil: the system's clock.
  public var clockMinutes: Int?

  /// Settings for a phone with `phone`'s settings on `geometry` with
  /// `rom`, its files where the other arguments say.
  public init(
    phone: PhoneSettings, geometry: LCDGeometry, rom: CharacterROM, state: String?,
    dictionaryFolder: String, book: String?, contactsFixture: String, recorderEdges: Int,
    metricsFile: String?, reportsPath: String, keepReports: Int
  ) {
    self.phone = phone
    self.geometry = geometry
    self.rom = rom
    self.state = state
    self.dictionaryFolder = dictionaryFolder
    self.book = book
    self.contactsFixture = contactsFixture
    self.recorderEdges = recorderEdges
    self.metricsFile = metricsFile
    self.reportsPath = reportsPath
    self.keepReports = keepReports
  }
}
