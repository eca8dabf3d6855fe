import CharacterLCD
import Vocabulary

/// What a scenario checks on the glass or in the focused field.
public enum Expectation: Sendable, Hashable {
  /// `expect line N "text"`: row N (1-based) equals the text padded with spaces.
  case line(Int, String)
  /// `expect line N contains "text"`.
  case lineContains(Int, String)
  /// `expect screen` and one `|row|` line per LCD row: the firmware's frame.
  case screen([String])
  /// `expect glass` and one `|row|` line per LCD row: what the simulated
  /// module shows, as its driver put it there.
  case glass([String])
  /// `expect cursor ROW COL [underline|blink]` (1-based).
  case cursor(row: Int, column: Int, style: CursorStyle?)
  /// `expect cursor off`.
  case cursorOff
  /// `expect text "…"`: the focused field's content, pending letter included.
  case text(String)
  /// `expect mode "Abc"`: the focused field's mode indicator.
  case mode(String)
  /// `expect screen-name compose`.
  case screenName(String)
  /// `expect backlight on|off`.
  case backlight(Bool)
  /// `expect log contains "text"`: some log record so far contains the text.
  case logContains(String)
  /// `expect repairs N`: the watchdog's repairs since the start.
  case repairs(Int)
  /// `expect report`: a flight report was written since the start, and it
  /// parses as a scenario.
  case report
  /// Some row of the firmware's frame contains the text.
  case screenContains(String)
  /// The network received a whole message to the number with the text.
  case sent(to: String, text: String)
  /// How many messages the inbox holds.
  case inbox(Int)
  /// How many inbox messages are unread.
  case unread(Int)
  /// The network heard the phone dial NUMBER (`expect dialed NUMBER`).
  case dialed(String)
  /// The call is in a state (`expect call idle|dialing|ringing|active|incoming`).
  case call(CallState)
  /// Every DTMF tone the network heard since the start, in order
  /// (`expect dtmf "DIGITS"`).
  case dtmf(String)
  /// Calls missed and not yet seen (`expect missed N`).
  case missed(Int)
}
