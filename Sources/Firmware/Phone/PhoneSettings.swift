import KeypadInput
import TextEntry
import Vocabulary

/// Everything a user or a scenario can tune; every threshold lives here.
public struct PhoneSettings: Sendable {
  /// Gesture thresholds: debounce, long press, repeat, stuck key.
  public var gestures = GestureSettings()
  /// How long multi-tap waits for the same key before committing a letter.
  public var multitapTimeout: Duration = .milliseconds(1000)
  /// The mode a new message starts in (T9 falls back to multi-tap when no
  /// dictionary is loaded).
  public var defaultMode: InputMode = .predictive
  /// The letter case a new text field starts in.
  public var defaultCase: LetterCase = .sentence
  /// The typing language.
  public var language: Language = .english
  /// The owner's name, shown on the idle screen instead of the product name.
  public var ownerName = ""
  /// The voice mailbox number.
  public var voicemailNumber = ""
  /// How long a notice ("Full (459/459)") stays on the status row.
  public var noticeDuration: Duration = .milliseconds(1500)
  /// The backlight turns off after this long without a key.
  public var backlightTimeout: Duration = .seconds(15)
  /// The time of day at instant zero, in minutes after midnight.
  public var clockAtStart = 0
  /// Emergency numbers beyond 112 and 911 (`--emergency 999,000`): they
  /// can be dialled with no SIM or a locked one.
  public var emergencyNumbers: [String] = []
  /// The most emergency numbers beyond 112 and 911.
  public static let emergencyCapacity = 8
  /// Seconds into that minute at instant zero (0 unless the network set
  /// the clock).
  public var clockSecondsAtStart = 0
  /// Seconds since 1970 at instant zero (for when a contact was last
  /// called).
  public var epochAtStart: Int64 = 0
  /// The country calling code of the phone's network (62 for Indonesia),
  /// which relates a national number (`0812…`) to its international form
  /// (`+62812…`); 0: none.
  public var country = 0
  /// The phone's offset from UTC in quarter hours, for the times of the
  /// messages it writes.
  public var utcOffsetQuarterHours = 0
  /// How long a received message may miss parts before it is listed as
  /// partial.
  public var partialTimeout: Duration = .seconds(300)
  /// Whether a status report is asked for each message sent.
  public var deliveryReports = true

  /// The firmware's defaults.
  public init() {}

  /// The valid range of the multi-tap timeout, in milliseconds.
  public static let multitapRange: ClosedRange<Int> = 100...5000
  /// The valid range of the long-press time, in milliseconds.
  public static let longPressRange: ClosedRange<Int> = 200...3000

  /// Whether `number` is an emergency number: 112, 911, or one of
  /// `emergencyNumbers`.
  public func isEmergency(_ number: String) -> Bool {
    number == "112" || number == "911" || emergencyNumbers.contains(number)
  }

  /// The numbers of a comma-separated list (`999,000`), or why it is not
  /// one: each of 2 to 6 digits, at most `emergencyCapacity` of them.
  public static func emergencyNumbers(from text: String) -> Result<[String], EmergencyListError> {
    var numbers: [String] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let number = String(part)
      guard (2...6).contains(number.utf8.count),
        number.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
      else {
        return .failure(
          EmergencyListError("'\(number)' is not an emergency number (2 to 6 digits)"))
      }
      guard numbers.count < emergencyCapacity else {
        return .failure(EmergencyListError("at most \(emergencyCapacity) emergency numbers"))
      }
      if !numbers.contains(number) { numbers.append(number) }
    }
    return .success(numbers)
  }
}

/// Why a list of emergency numbers was refused.
public struct EmergencyListError: Error, Sendable, Hashable {
  /// What is wrong, for the user.
  public let message: String

  init(_ message: String) { self.message = message }

}
