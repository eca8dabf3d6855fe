import CallLog
import Diagnostics
import KeypadInput
import Vocabulary

/// What the runtime hands the phone about calls from the modem, and takes
/// from it for the modem: the call's state, its end and its caller in;
/// dial, answer, hang-up and tone requests out.
extension Phone {
  /// Whether the phone has a modem: the runtime says so once, at start.
  /// Without one a call shows the number called, as before there were
  /// modems.
  public mutating func attachModem() {
    context.services.hasModem = true
  }

  /// The voice call as the modem last reported it (`expect call`).
  public var callState: CallState { context.services.callState }

  /// Calls missed and not yet seen (`expect missed`).
  public var missedCalls: Int { context.services.missedCalls }

  /// The oldest request for the modem not yet taken.
  public mutating func takeModemRequest() -> ModemRequest? {
    context.services.modemRequests.isEmpty ? nil : context.services.modemRequests.removeFirst()
  }

  /// The modem reports the call in `state`: a call ringing in opens the
  /// call screen over whatever is shown (its text and cursor kept for
  /// after) and lights the backlight.
  public mutating func callChanged(to state: CallState) {
    drawingRevision &+= 1
    context.services.callState = state
    if let index = callScreenIndex {
      let time = now
      updateCall(at: index) { $0.follow(state, at: time) }
      return
    }
    guard state == .incoming else { return }
    context.log(.info, LogTag("calls", "incoming"), "a call rings")
    light()
    pushCall(.calling(CallingScreen.incoming(context)))
  }

  /// The modem names the caller: the screen shows the contact's name, or
  /// the number.
  public mutating func callerIdentified(_ number: String) {
    drawingRevision &+= 1
    guard let index = callScreenIndex else { return }
    let context = self.context
    updateCall(at: index) { $0.identify(number, context) }
    context.log(
      .info, LogTag("calls", "incoming"), "from \(number.isEmpty ? "a withheld number" : number)")
  }

  /// The call ended: the screen says how for a moment, then closes; a call
  /// that rang unanswered counts as missed until the idle screen shows it.
  public mutating func callEnded(_ reason: CallEnd) {
    drawingRevision &+= 1
    context.services.callState = .idle
    guard let index = callScreenIndex else { return }
    let time = now
    updateCall(at: index) { $0.end(reason, at: time) }
    logEndedCall()
    guard case .calling(let screen) = stack[index] else { return }
    if screen.isMissed {
      context.services.missedCalls += 1
      context.log(.info, LogTag("calls", "missed"), "missed a call from \(screen.who(context))")
    } else {
      context.log(
        .info, LogTag("calls", "end"),
        "call ended: \(reason.name)")
    }
  }

  /// The modem reports signal, registration, operator or battery: the idle
  /// screen shows them.
  public mutating func networkStatusChanged(_ status: NetworkStatus) {
    if context.services.network?.registration != status.registration {
      context.log(.info, LogTag("network", "registration"), status.registration.name)
    }
    context.services.network = status
    drawingRevision &+= 1
  }

  /// The network gave its time: the clock and the zone follow it (boards
  /// seldom have a real-time clock).
  public mutating func networkTime(epochSeconds: Int64, offsetQuarterHours: Int) {
    let elapsed = now.microseconds / 1_000_000
    let atStart = epochSeconds - elapsed
    guard
      atStart != context.settings.epochAtStart
        || offsetQuarterHours != context.settings.utcOffsetQuarterHours
    else { return }
    context.settings.epochAtStart = atStart
    context.settings.utcOffsetQuarterHours = offsetQuarterHours
    // The idle clock: the local time of day at instant zero.
    let local = atStart + Int64(offsetQuarterHours) * 900
    let seconds = Int(((local % 86_400) + 86_400) % 86_400)
    context.settings.clockAtStart = seconds / 60
    context.settings.clockSecondsAtStart = seconds % 60
    stack[0] = .idle(IdleScreen(clock: context.settings.wallClock))
    drawingRevision &+= 1
    context.log(.info, LogTag("network", "time"), "the clock follows the network")
  }

  /// The missed calls were seen (the idle screen showed them and a key
  /// was pressed).
  mutating func missedCallsSeen() {
    context.services.missedCalls = 0
  }

  /// Where the call screen is on the stack, if a call is shown.
  var callScreenIndex: Int? {
    stack.lastIndex { if case .calling = $0 { return true } else { return false } }
  }

  /// Writes the call shown into the call log once it has ended (once).
  mutating func logEndedCall() {
    guard let index = callScreenIndex, case .calling(var screen) = stack[index], !screen.logged,
      let record = screen.record(context)
    else { return }
    screen.logged = true
    stack[index] = .calling(screen)
    context.services.callLogWrite = context.services.callLog.add(record)
    drawingRevision &+= 1
  }

  /// The call-log record written last, for the log's file (nil: none
  /// since the last call).
  public mutating func takeCallLogWrite() -> (offset: Int, bytes: [UInt8])? {
    defer { context.services.callLogWrite = nil }
    return context.services.callLogWrite
  }

  /// Whether a call-log record waits for the log's file.
  public var hasCallLogWrite: Bool { context.services.callLogWrite != nil }

  /// The calls dialled, received and missed.
  public var callLog: CallLog { context.services.callLog }

  /// Closes the call screen once its end has been shown long enough.
  mutating func closeEndedCall(at time: Instant) {
    logEndedCall()
    guard case .calling(let screen) = top, let closesAt = screen.closesAt, closesAt <= time
    else { return }
    for _ in 0..<screen.screensClosed { pop() }
  }

  private mutating func updateCall(at index: Int, _ change: (inout CallingScreen) -> Void) {
    guard case .calling(var screen) = stack[index] else { return }
    change(&screen)
    stack[index] = .calling(screen)
  }

  /// Opens a call screen even on a full stack: a call is never refused
  /// for the screens under it.
  private mutating func pushCall(_ screen: Screen) {
    if stack.count >= Phone.maximumDepth {
      var closed = stack.remove(at: 1)
      closed.close(&context)
    }
    push(screen)
  }
}
