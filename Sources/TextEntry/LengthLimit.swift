/// What limits a field's length.
public enum LengthLimit: Sendable, Hashable {
  /// Its character capacity alone.
  case characters
  /// Also SMS parts: at most `SMSLength.maximumParts`, counted in GSM septets
  /// or UCS-2 units.
  case sms
}
