import Diagnostics
import Firmware
import ModemDriver
import Supervision
import Vocabulary

/// Carries calls between the modem and the phone: the call's state, end
/// and caller to the phone; its dial, answer, hang-up and tone requests to
/// the modem (a dial the modem refuses ends the call at once, as failed).
/// It counts the calls for the statistics.
struct CallRelay {
  /// Calls the phone dialled, answered, and missed.
  private(set) var made = 0
  private(set) var received = 0
  private(set) var missed = 0
  /// USSD codes and answers sent.
  private(set) var ussdRequests = 0
  /// Whether this phone asked the modem to hang up the call (else a call
  /// that ends hung up was ended by the other party).
  private var hangingUp = false
  /// Whether the ringing call's caller is in the flight recorder.
  private var callerRecorded = false
  /// The USSD request sent last and when, for the recorder: the reply is
  /// recorded with it, at its time.
  private var ussdRequest: (text: String, time: Instant)?

  /// Hands the phone one call event of the modem's.
  mutating func report<P: RuntimePeripherals>(
    _ event: ModemEvent, _ supervisor: inout Supervisor, _ peripherals: inout P
  ) {
    switch event {
    case .call(let state):
      let before = supervisor.phone.callState
      if state == .active, before == .incoming { received += 1 }
      if state == .active, before == .dialing || before == .ringing {
        supervisor.recordNetwork(.answer)
      }
      supervisor.withPhone(&peripherals) { $0.callChanged(to: state) }
    case .callEnded(let reason):
      record(reason, &supervisor)
      let before = supervisor.phone.missedCalls
      supervisor.withPhone(&peripherals) { $0.callEnded(reason) }
      if supervisor.phone.missedCalls > before { missed += 1 }
    case .caller(let number):
      if !callerRecorded, supervisor.phone.callState == .incoming {
        callerRecorded = true
        supervisor.recordNetwork(.call, pdu: Array(number.utf8))
      }
      supervisor.withPhone(&peripherals) { $0.callerIdentified(number) }
    case .ussd(let status, let text):
      if let request = ussdRequest, status == .menu || status == .done {
        // The rule a replay needs, in place before the request.
        ussdRequest = nil
        supervisor.recordNetwork(
          status == .menu ? .ussdMenu : .ussdEnd,
          pdu: Array(request.text.utf8) + [0] + Array(text.utf8), at: request.time)
      }
      supervisor.withPhone(&peripherals) { $0.ussdReplied(status, text: text) }
    case .status(let status):
      supervisor.withPhone(&peripherals) { $0.networkStatusChanged(status) }
    case .phoneCode(let done, let text):
      supervisor.withPhone(&peripherals) { $0.phoneCodeDone(done, text: text) }
    case .sim(let state, let tries):
      supervisor.withPhone(&peripherals) { $0.simChanged(to: state, triesLeft: tries) }
    case .networkTime(let seconds, let offset):
      supervisor.withPhone(&peripherals) {
        $0.networkTime(epochSeconds: seconds, offsetQuarterHours: offset)
      }
    default: break
    }
  }

  /// Hands the modem what the phone asked for, oldest first.
  mutating func forward<P: RuntimePeripherals>(
    _ supervisor: inout Supervisor, _ peripherals: inout P
  ) {
    while let request = supervisor.takeModemRequest() {
      if peripherals.modem.request(request) {
        switch request {
        case .dial: made += 1
        case .ussd(let text):
          ussdRequests += 1
          ussdRequest = (text, supervisor.now)
        case .hangUp: hangingUp = true
        default: break
        }
        continue
      }
      switch request {
      case .dial:
        supervisor.withPhone(&peripherals) { $0.callEnded(.failed) }
      case .hangUp:
        // Nothing to hang up on the modem (it is gone, or the call is).
        supervisor.withPhone(&peripherals) { $0.callEnded(.hungUp) }
      case .ussd:
        supervisor.withPhone(&peripherals) { $0.ussdReplied(.failed, text: "") }
      case .phoneCode:
        supervisor.withPhone(&peripherals) { $0.phoneCodeDone(false, text: "") }
      case .enterPIN, .enterPUK:
        // The SIM is not waiting for it (any more): the screen asks again.
        supervisor.withPhone(&peripherals) { $0.simCodeRefused() }
      case .answer, .tone, .endUSSD:
        break
      }
    }
  }

  /// Records how the other party ended a call, for flight reports; the
  /// next call starts afresh.
  private mutating func record(_ reason: CallEnd, _ supervisor: inout Supervisor) {
    defer {
      hangingUp = false
      callerRecorded = false
    }
    switch reason {
    case .busy: supervisor.recordNetwork(.busy)
    case .noAnswer: supervisor.recordNetwork(.noAnswer)
    case .hungUp where !hangingUp: supervisor.recordNetwork(.hangUp)
    case .hungUp, .failed: break
    }
  }
}
