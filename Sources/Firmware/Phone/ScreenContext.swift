import CharacterLCD
import Diagnostics
import KeypadInput
import SMS
import T9Engine

/// What a screen is handed to handle a gesture or draw itself: the settings,
/// the display, the firmware's time, the log and the shared services.
public struct ScreenContext {
  /// The settings in force.
  public internal(set) var settings: PhoneSettings
  /// The display the firmware draws for.
  public let geometry: LCDGeometry
  /// The time of the latest input or timer.
  public internal(set) var now: Instant
  /// Where the firmware sends its log records.
  public var log: Log
  /// The predictors, the contact book and the draft.
  public internal(set) var services: PhoneServices

  /// The predictor for the language in force, if its dictionary loaded.
  var predictor: Predictor? { services.predictor(for: settings.language) }

  /// Rows a list shows items on: all but the title row (one row on a 16x1).
  var listRows: Int { geometry.rows == 1 ? 1 : geometry.rows - 1 }

  /// Text columns of an editor (the 16x1 keeps four for the indicator).
  var editorWidth: Int { geometry.rows == 1 ? geometry.columns - 4 : geometry.columns }

  /// Seconds since 1970 now (for when a contact was last called).
  var epochSeconds: Int64 { epochSeconds(at: now) }

  /// Seconds since 1970 at `instant` of the firmware's clock.
  func epochSeconds(at instant: Instant) -> Int64 {
    settings.epochAtStart + instant.microseconds / 1_000_000
  }

  /// The phone's time as a message's time stamp (the settings' offset).
  var wallTime: SMSTimestamp {
    SMSTimestamp(epochSeconds: epochSeconds, offsetQuarterHours: settings.utcOffsetQuarterHours)
  }
}
