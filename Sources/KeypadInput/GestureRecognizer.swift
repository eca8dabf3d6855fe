import Diagnostics

/// Turns timestamped key edges into taps, long presses and repeats.
///
/// - Taps are recognised on release, long presses when the hold reaches the
///   threshold while the key is still down, repeats every repeat interval after
///   that for keys that repeat.
/// - A press shorter than the debounce time is ignored; OS autorepeat is
///   ignored. Edges arrive in time order: the phone refuses (and logs) an
///   edge older than the last before it reaches the recogniser.
/// - Keys are handled in press order: pressing a second key while the first is
///   still down settles the first (as a tap, or ends its repeat) before the
///   second is tracked.
/// - A key held longer than `stuckAfter` is treated as released and logged as
///   stuck. A key pressed while it is still down lost its release on the
///   way: it is released first, so its press still counts.
///
/// The recogniser never reads a clock: `fire(upTo:)` runs its timers, and
/// `nextDeadline` says when it next needs to.
public struct GestureRecognizer: Sendable {
  /// How many keys may be down at once; more are ignored and logged.
  public static let maximumKeysDown = 4

  private enum Phase: Sendable, Hashable {
    /// Down, not yet a long press.
    case waiting
    /// Long press fired; the next repeat is due at the instant.
    case repeating(next: Instant)
    /// Nothing more will come from this key; waiting for its release.
    case settled
  }

  private struct Slot: Sendable, Hashable {
    var key: Key
    var pressedAt: Instant
    var phase: Phase
  }

  /// The thresholds in force.
  public var settings: GestureSettings {
    didSet { nextDeadline = earliestDeadline }
  }
  private var slots: InlineArray<4, Slot>
  @usableFromInline private(set) var slotCount = 0

  /// The next instant at which a timer (long press, repeat, stuck key) is
  /// due. Kept up to date by every change, as the firmware asks for it
  /// several times per key event.
  public private(set) var nextDeadline: Instant?

  /// How many releases were found lost (a key pressed again while down).
  public private(set) var lostReleases = 0
  /// How many keys were held past `stuckAfter` and treated as released.
  public private(set) var stuckKeys = 0

  /// Creates a recogniser with no key down.
  public init(settings: GestureSettings = GestureSettings()) {
    self.settings = settings
    self.slots = InlineArray(repeating: Slot(key: .zero, pressedAt: .zero, phase: .settled))
  }

  /// The keys currently held, in press order.
  public var keysDown: [Key] { (0..<slotCount).map { slots[$0].key } }

  /// How many keys are held (at most `maximumKeysDown`).
  @inlinable public var keysDownCount: Int { slotCount }

  /// The `index`-th key held, in press order (`index < keysDownCount`).
  public func keyDown(at index: Int) -> Key { slots[index].key }

  /// When the `index`-th key held went down.
  public func keyDownTime(at index: Int) -> Instant { slots[index].pressedAt }

  /// Forgets every key held, without acting on any (the keypad went away:
  /// their releases will never come). Settings and counts stay.
  public mutating func forgetKeys() {
    slotCount = 0
    nextDeadline = earliestDeadline
  }

  /// Handles one key edge, no older than the last (the phone checks).
  /// Timers due before the event must already have been fired with
  /// `fire(upTo:)`; this method fires any that were not.
  public mutating func handle(_ event: KeyEvent, log: Log) -> GestureBatch {
    var batch = GestureBatch()
    fire(upTo: event.time, into: &batch, log: log)
    switch event.action {
    case .autorepeat:
      log(.trace, LogTag("keypad", "gesture"), "autorepeat \(event.key.name) ignored")
    case .press:
      press(event.key, at: event.time, into: &batch, log: log)
    case .release:
      release(event.key, at: event.time, into: &batch, log: log)
    }
    nextDeadline = earliestDeadline
    return batch
  }

  /// Ends a held key's gestures: no repeat follows and its release is silent.
  /// The firmware calls this when a long press changed the screen, so the
  /// still-held key does not act on the new screen.
  public mutating func settle(_ key: Key) {
    for index in 0..<slotCount where slots[index].key == key {
      slots[index].phase = .settled
    }
    nextDeadline = earliestDeadline
  }

  /// `nextDeadline` worked out from the keys held.
  private var earliestDeadline: Instant? {
    var earliest: Instant?
    for index in 0..<slotCount {
      let deadline = deadline(of: slots[index])
      if let current = earliest, current <= deadline { continue }
      earliest = deadline
    }
    return earliest
  }

  /// Runs every timer due at or before `time`, in time order.
  public mutating func fire(upTo time: Instant, log: Log) -> GestureBatch {
    var batch = GestureBatch()
    fire(upTo: time, into: &batch, log: log)
    nextDeadline = earliestDeadline
    return batch
  }

  /// The time between repeats, at least `GestureSettings.minimumRepeatInterval`.
  private var repeatInterval: Duration {
    max(settings.repeatInterval, GestureSettings.minimumRepeatInterval)
  }

  private func deadline(of slot: Slot) -> Instant {
    let stuck = slot.pressedAt + settings.stuckAfter
    switch slot.phase {
    case .waiting:
      let policy = settings.holdPolicy(for: slot.key)
      return policy == .none ? stuck : min(stuck, slot.pressedAt + settings.longPress)
    case .repeating(let next):
      return min(stuck, next)
    case .settled:
      return stuck
    }
  }

  private mutating func fire(upTo time: Instant, into batch: inout GestureBatch, log: Log) {
    // `nextDeadline` is up to date on entry (every change keeps it so);
    // after each timer fired here it is worked out again.
    var next = nextDeadline
    while batch.count < GestureBatch.capacity, let due = next, due <= time {
      guard let index = (0..<slotCount).first(where: { deadline(of: slots[$0]) == due }) else {
        return
      }
      var slot = slots[index]
      let stuck = slot.pressedAt + settings.stuckAfter
      if due >= stuck {
        log(
          .warning, LogTag("keypad", "stuck"),
          "key \(slot.key.name) held \(settings.stuckAfter.wholeMilliseconds / 1000) s: treated as released"
        )
        remove(at: index)
        stuckKeys &+= 1
        next = earliestDeadline
        continue
      }
      switch slot.phase {
      case .waiting:
        log(
          .debug, LogTag("keypad", "gesture"),
          "long press \(slot.key.name) after \(settings.longPress.wholeMilliseconds) ms")
        batch.append(Gesture(.longPress, slot.key, at: due))
        if settings.holdPolicy(for: slot.key) == .longPressThenRepeat {
          slot.phase = .repeating(next: due + repeatInterval)
        } else {
          slot.phase = .settled
        }
      case .repeating:
        log(.trace, LogTag("keypad", "gesture"), "repeat \(slot.key.name)")
        batch.append(Gesture(.repeatPress, slot.key, at: due))
        slot.phase = .repeating(next: due + repeatInterval)
      case .settled:
        break
      }
      slots[index] = slot
      next = earliestDeadline
    }
  }

  private mutating func press(
    _ key: Key, at time: Instant, into batch: inout GestureBatch, log: Log
  ) {
    if (0..<slotCount).contains(where: { slots[$0].key == key }) {
      // A key cannot go down twice: its release was lost on the way. It
      // is released now, just before this press, so the earlier press
      // still counts (a tap when it was one) and this one starts afresh.
      log(
        .warning, LogTag("keypad", "gesture"),
        "\(key.name) pressed again without a release: the release was lost; released now")
      lostReleases &+= 1
      release(key, at: time, into: &batch, log: log)
    }
    // Earlier keys are settled first so gestures come out in press order.
    for index in 0..<slotCount {
      var slot = slots[index]
      switch slot.phase {
      case .waiting:
        if time - slot.pressedAt >= settings.debounce {
          log(
            .debug, LogTag("keypad", "gesture"),
            "tap \(slot.key.name) (settled by \(key.name) pressed)")
          batch.append(Gesture(.tap, slot.key, at: time))
        }
        slot.phase = .settled
      case .repeating:
        slot.phase = .settled
      case .settled:
        break
      }
      slots[index] = slot
    }
    guard slotCount < GestureRecognizer.maximumKeysDown else {
      log(
        .warning, LogTag("keypad", "gesture"),
        "\(GestureRecognizer.maximumKeysDown) keys already down; \(key.name) ignored")
      return
    }
    slots[slotCount] = Slot(key: key, pressedAt: time, phase: .waiting)
    slotCount += 1
  }

  private mutating func release(
    _ key: Key, at time: Instant, into batch: inout GestureBatch, log: Log
  ) {
    guard let index = (0..<slotCount).first(where: { slots[$0].key == key }) else {
      log(.trace, LogTag("keypad", "gesture"), "release of \(key.name) that is not down; ignored")
      return
    }
    let slot = slots[index]
    remove(at: index)
    guard slot.phase == .waiting else { return }
    let held = time - slot.pressedAt
    if held < settings.debounce {
      log(
        .debug, LogTag("keypad", "gesture"),
        "bounce \(key.name) (\(held.wholeMicroseconds) µs) ignored")
      return
    }
    log(.debug, LogTag("keypad", "gesture"), "tap \(key.name) held \(held.wholeMilliseconds) ms")
    batch.append(Gesture(.tap, key, at: time))
  }

  private mutating func remove(at index: Int) {
    var cursor = index
    while cursor + 1 < slotCount {
      slots[cursor] = slots[cursor + 1]
      cursor += 1
    }
    slotCount -= 1
  }
}
