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

  /// Hands the phone one call event of the modem's.
  mutating func report<P: RuntimePeripherals>(
    _ event: ModemEvent, _ supervisor: inout Supervisor, _ peripherals: inout P
  ) {
    switch event {
    case .call(let state):
      if state == .active, supervisor.phone.callState == .incoming { received += 1 }
      supervisor.withPhone(&peripherals) { $0.callChanged(to: state) }
    case .callEnded(let reason):
      let before = supervisor.phone.missedCalls
      supervisor.withPhone(&peripherals) { $0.callEnded(reason) }
      if supervisor.phone.missedCalls > before { missed += 1 }
    case .caller(let number):
      supervisor.withPhone(&peripherals) { $0.callerIdentified(number) }
    case .ussd(let status, let text):
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
        if case .dial = request { made += 1 }
        if case .ussd = request { ussdRequests += 1 }
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
        let state = supervisor.phone.simState
        supervisor.withPhone(&peripherals) { $0.simChanged(to: state, triesLeft: 3) }
      case .answer, .tone, .endUSSD:
        break
      }
    }
  }
}
