import Diagnostics
import ModemDriver
import SMS
import SimulatedPeers
import TestSupport
import Vocabulary

/// A modem driver on a simulated network, on a clock moved by hand.
struct ModemBench {
  var modem: ATModem<SimulatedNetwork>
  let logs = LogCollector()
  var now = Instant.zero
  var events: [ModemEvent] = []

  init(network: SimulatedNetwork = SimulatedNetwork()) {
    modem = ATModem(path: "/dev/ttyUSB2", system: network, log: logs.log)
  }

  var network: SimulatedNetwork {
    get { modem.system }
    set { modem.system = newValue }
  }

  /// Runs every deadline up to `seconds` later, collecting events; a
  /// received PDU is handed to `receive` (which says whether to keep it on
  /// the modem).
  mutating func run(
    seconds: Double, receive: (PDUFields, String) -> Bool = { _, _ in false }
  ) {
    let end = now + .microseconds(Int64(seconds * 1_000_000))
    while let due = modem.nextDeadline, due <= end {
      now = Swift.max(now, due)
      modem.system.now = now
      modem.service(at: now)
      while let event = modem.nextEvent() {
        events.append(event)
        if event == .received {
          var text: [Unicode.Scalar] = []
          let keep: Bool
          if let fields = try? PDUDecoder.decode(modem.receivedPDU, text: &text) {
            var string = ""
            string.unicodeScalars.append(contentsOf: text)
            keep = receive(fields, string)
          } else {
            keep = false
          }
          modem.finishReceived(keepOnModem: keep)
        }
      }
    }
    now = end
    modem.system.now = now
  }

  /// Queues `text` to `number` as its parts, one after the other once
  /// each is sent; returns the events of the sending.
  mutating func send(_ text: String, to number: String, seconds: Double = 10) -> [ModemEvent] {
    guard let recipient = PhoneAddress(number: number),
      let pdus = try? SubmitEncoder(recipient: recipient, reference: 7).encode(
        Array(text.unicodeScalars))
    else { return [] }
    var outcomes: [ModemEvent] = []
    for pdu in pdus {
      let before = events.count
      guard modem.send(pdu) else {
        outcomes.append(.unavailable)
        break
      }
      run(seconds: seconds)
      outcomes += events[before...].filter {
        if case .sent = $0 { return true }
        if case .notSent = $0 { return true }
        return false
      }
    }
    return outcomes
  }
}

/// The events of `events` about messages and the modem's availability: the
/// SIM's state, the network's status and time, which every set-up reports
/// too, left out.
func messaging(_ events: [ModemEvent]) -> [ModemEvent] {
  events.filter {
    switch $0 {
    case .sim, .status, .networkTime: false
    default: true
    }
  }
}
