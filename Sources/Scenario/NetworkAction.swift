import SMS
import Vocabulary

/// What the simulated network does in a scenario (`network …`).
public enum NetworkAction: Sendable, Hashable {
  /// Delivers a message from a number or a sender name, split and coded
  /// as a network would (`network sms FROM "TEXT"`).
  case sms(from: String, text: String)
  /// Delivers one SMS-DELIVER PDU as given, service-centre field first
  /// (`network pdu HEX`).
  case pdu([UInt8])
  /// Sending fails with `+CMS ERROR: 38` (`network refuse-sends`), or
  /// works again (`network accept-sends`).
  case refusesSends(Bool)
  /// A call from a number rings the phone, `RING` and `+CLIP` repeated
  /// as a modem repeats them, until answered, rejected or hung up
  /// (`network call FROM`).
  case call(from: String)
  /// What the far end of a call does (`network answer`, `network busy`,
  /// `network no-answer`, `network hangup`).
  case farEnd(FarEndAction)
  /// When the phone sends REQUEST, the network replies REPLY and waits
  /// for an answer (`menu`) or ends the session; in UCS-2 with `ucs2`
  /// (`network ussd "REQUEST" "REPLY" menu|end [ucs2]`).
  case ussd(request: String, reply: String, menu: Bool, ucs2: Bool)
  /// The signal becomes `+CSQ` value N, 0–31 or 99 (`network signal N`).
  case signal(Int)
  /// The registration changes (`network registration
  /// home|roaming|searching|denied`).
  case registration(NetworkStatus.Registration)
  /// The operator's name (`network operator "NAME"`).
  case operatorName(String)
  /// The battery, in percent (`network battery N`).
  case battery(Int)
  /// The network gives its time (`network time 2026-11-27T09:41:00+07:00`).
  case time(NetworkTime)
  /// The SIM becomes ready, absent, locked by its PIN, or blocked
  /// (`network sim ready|absent|pin|puk`).
  case sim(SIMState)
}

/// A time the network gives, as a scenario writes it.
public struct NetworkTime: Sendable, Hashable {
  /// Seconds since 1970 UTC.
  public var epochSeconds: Int64
  /// The zone's offset from UTC in quarter hours.
  public var offsetQuarterHours: Int
  /// `2026-11-27T09:41:00+07:00`.
  public var text: String

  /// The time `text` writes (ISO 8601 with seconds and an offset), if it
  /// is one.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 25 else { return nil }
    func number(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in bytes[from..<(from + count)] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
      bytes[16] == 0x3A, bytes[22] == 0x3A, bytes[19] == 0x2B || bytes[19] == 0x2D,
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      let zoneHours = number(20, 2), let zoneMinutes = number(23, 2),
      (2000...2099).contains(year), (1...12).contains(month), (1...31).contains(day), hour < 24,
      minute < 60, second < 60, zoneHours <= 14, zoneMinutes % 15 == 0
    else { return nil }
    let quarters = (zoneHours * 4 + zoneMinutes / 15) * (bytes[19] == 0x2D ? -1 : 1)
    let stamp = SMSTimestamp(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      offsetQuarterHours: quarters)
    epochSeconds = Int64(stamp.secondsSince2000) + 946_684_800
    offsetQuarterHours = quarters
    self.text = text
  }
}

/// What the other party of a call does.
public enum FarEndAction: Sendable, Hashable {
  /// Answers the phone's call.
  case answer
  /// Is busy.
  case busy
  /// Does not answer.
  case noAnswer
  /// Hangs up (or gives up calling).
  case hangUp

  /// `answer`, `busy`, `no-answer`, `hangup`.
  public var word: String {
    switch self {
    case .answer: "answer"
    case .busy: "busy"
    case .noAnswer: "no-answer"
    case .hangUp: "hangup"
    }
  }
}
