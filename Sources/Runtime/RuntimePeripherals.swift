import CharacterLCD
import ContactBook
import ModemDriver
import Supervision
import Vocabulary

/// What surrounds a running phone besides its supervisor's view of it
/// (`SupervisedPeripherals`: the display, the keypad's own key state, the
/// book's retries): the contact book's file the phone's changes go to at
/// once, and the counts only the devices see.
public protocol RuntimePeripherals: SupervisedPeripherals {
  /// Writes the contact-book records the phone changed (a write that
  /// fails is kept for the watchdog's retry).
  mutating func writeBook(_ writes: [BookWrite])
  /// Display errors and recoveries, keypad resyncs, keys dropped on the
  /// way: this run's, for the statistics.
  var figures: RunFigures { get }
  /// The frame the phone's screen shows last (its cursor and backlight,
  /// for the state lines), nil before the first.
  var lastFrame: LCDFrame? { get }
  /// The modem's type (`ModemSlot.none` when there is none).
  associatedtype Cellular: Modem
  /// The modem: the runtime takes its events and hands it parts to send.
  /// Its deadline and service are part of the peripherals'.
  var modem: Cellular { get set }
  /// Writes one record of the message store at `offset` of its file.
  mutating func writeMessageRecord(at offset: Int, _ bytes: ArraySlice<UInt8>)
  /// Writes one call-log record at `offset` of the log's file, and syncs
  /// it (calls end seconds apart, so each is made durable at once).
  mutating func writeCallRecord(at offset: Int, _ bytes: [UInt8])
  /// Makes the records written so far durable: whether they are (a part
  /// is deleted from the modem only then).
  mutating func syncMessages() -> Bool
}

extension RuntimePeripherals {
  /// Whether the modem is unreachable now.
  public var modemIsFailing: Bool { modem.health.isFailing }

  /// Resets the modem (the watchdog's repair).
  public mutating func resetModem() { modem.reset() }
}
