import KeypadInput

/// A fault a scenario injects behind the firmware's back (`fault …`), to
/// show what the watchdog finds and repairs.
public enum ScenarioFault: Sendable, Hashable {
  /// `fault lcd-garbage`: the module's DDRAM fills with characters chosen
  /// by a seed (the same on every run).
  case lcdGarbage
  /// `fault lcd-reset`: the module loses power and comes back blank,
  /// display off, in its 8-bit power-on state.
  case lcdReset
  /// `fault bus-down DURATION`: every display transfer fails for that
  /// long.
  case busDown(Duration)
  /// `fault stuck K`: the next release of K is lost on the way (the
  /// simulated keypad knows the key is up).
  case stuck(Key)
  /// `fault clock-jump DURATION` (may be negative): the input clock jumps.
  case clockJump(Duration)
  /// The modem takes commands and answers nothing for the duration.
  case modemSilent(Duration)
  /// The modem restarts: echo on, its settings lost, `RDY`.
  case modemReset
  /// The modem's line vanishes for the duration (unplugged) and returns.
  case modemGone(Duration)
  /// The modem restarts when the next part's PDU arrives, before sending
  /// it (a brown-out mid-send).
  case modemResetMidSend
  /// The modem's firmware hangs: it answers nothing until its line is
  /// opened again (the watchdog's repair), however long its driver probes.
  case modemHung
}
