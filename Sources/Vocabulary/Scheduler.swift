/// The one loop that moves time: every deadline of the firmware, its
/// supervisor and its peripherals is fired from here, in time order.
///
/// A scheduled part (`Scheduled`) is fired at each of its deadlines up to
/// the target time, then at the target time itself, so what is due is never
/// skipped and time never goes back. A deadline already past is fired at the
/// part's time. A part that is still due at the instant it was just fired at
/// waits for the final firing at the target time rather than spinning (a
/// peripheral that stays due after its retry, a timer that did not move).
public enum Scheduler {
  /// Fires a part at each deadline due up to `time`, then at `time`.
  ///
  /// - Parameters:
  ///   - time: Where the part's time ends up (a time before `now()` leaves
  ///     it where it is).
  ///   - now: The part's time.
  ///   - nextDeadline: When the part next needs firing, if ever.
  ///   - fire: Brings the part to an instant, running what is due there.
  @inlinable
  public static func advance(
    to time: Instant, now: () -> Instant, nextDeadline: () -> Instant?,
    fire: (Instant) -> Void
  ) {
    var fired: Instant?
    while let due = nextDeadline(), due <= time {
      let current = now()
      let at = due < current ? current : due
      if let fired, at <= fired { break }
      fire(at)
      fired = at
    }
    let current = now()
    fire(time < current ? current : time)
  }
}
