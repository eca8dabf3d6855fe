import SystemLayer

/// What a scenario or the fault soak does to a simulated display behind
/// its driver's back: the faults real devices have.
public enum PeerFault: Sendable, Hashable {
  /// The module's DDRAM filled with characters chosen by the seed (the
  /// same seed, the same garbage), as an electrical glitch does; LCDd's
  /// screen is its own, so it has nothing to scramble.
  case scramble(seed: UInt64)
  /// The module loses power and comes back blank, display off, in 8-bit
  /// mode; LCDd restarts (the connection drops).
  case powerCycle
  /// The link fails: every I2C call fails with the error; LCDd goes away
  /// and refuses connections.
  case linkDown(Errno)
  /// The link works again.
  case linkUp
}
