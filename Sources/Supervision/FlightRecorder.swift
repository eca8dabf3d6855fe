import ContactBook
import Diagnostics
import Firmware
import TextEntry
import Vocabulary

/// The flight recorder: the recent inputs in fixed memory, and where a
/// replay of them can start.
///
/// Every key edge (and unplug) goes into a ring chosen at start-up; when it
/// is full the oldest is forgotten. A replay needs a known state to start
/// from, so the recorder also keeps a few marks — moments the phone was on
/// the idle screen with no key held and no notice, with the settings and
/// the message draft and the contact book then (all held by value, so a
/// mark copies nothing until the phone changes them). What the network did
/// (messages that arrived, sends it refused) goes into a second, smaller
/// ring, so a report replays with it.
/// A report starts at boot while every edge since is kept, else at the
/// oldest mark still in the ring.
public struct FlightRecorder {
  /// How many edges the ring keeps.
  public let capacity: Int
  private var ring: [RecordedEdge]
  private var oldest = 0
  /// Edges recorded since boot.
  public private(set) var recorded = 0
  private var boot: Mark
  private var marks: [Mark]
  /// The network's recent events, in a ring of their own: slots made at
  /// start, each with room for the longest PDU, so recording copies bytes
  /// and allocates nothing.
  private var network: [RecordedNetworkEvent]
  private var networkOldest = 0
  private var networkCount = 0
  /// Network events recorded since boot.
  public private(set) var networkRecorded = 0
  /// The time of the latest event the ring forgot.
  private var lastForgotten: Instant?

  /// How many network events the recorder keeps (the latest).
  public static let networkCapacity = 16
  /// The most bytes a network event holds: a PDU (at most 176), or a USSD
  /// request with its reply (182 characters, at most 3 bytes each in
  /// UTF-8). Longer ones are cut.
  public static let networkPDUCapacity = 640

  /// The phone's state before edge `sequence`.
  struct Mark {
    var sequence: Int
    var time: Instant
    var settings: PhoneSettings
    var start: StartScreen
    var draft: TextBuffer?
    /// The contact book then (a value: it shares storage with the phone's
    /// until the phone changes a contact).
    var contacts: ContactBook
  }

  /// The most marks kept.
  static let markCapacity = 4

  /// A recorder of `capacity` edges for a phone booted on `start` with
  /// `settings` at `time`.
  public init(capacity: Int, phone: borrowing Phone, start: StartScreen) {
    self.capacity = Swift.max(16, capacity)
    ring = []
    ring.reserveCapacity(self.capacity)
    boot = Mark(
      sequence: 0, time: phone.now, settings: phone.settings, start: start, draft: nil,
      contacts: phone.contacts)
    if !phone.draft.isEmpty { boot.draft = phone.draft }
    marks = []
    marks.reserveCapacity(FlightRecorder.markCapacity)
    network = []
    network.reserveCapacity(FlightRecorder.networkCapacity)
    for _ in 0..<FlightRecorder.networkCapacity {
      var slot = RecordedNetworkEvent(.pdu, at: .zero)
      slot.pdu.reserveCapacity(FlightRecorder.networkPDUCapacity)
      network.append(slot)
    }
  }

  /// Records what the network did at `time` (`pdu`: the bytes of a PDU
  /// that arrived). When the ring is full the oldest is forgotten.
  public mutating func recordNetwork(
    _ kind: RecordedNetworkEvent.Kind, pdu: [UInt8] = [], at time: Instant
  ) {
    let index = (networkOldest + networkCount) % FlightRecorder.networkCapacity
    if networkCount < FlightRecorder.networkCapacity {
      networkCount += 1
    } else {
      lastForgotten = network[index].time
      networkOldest = (networkOldest + 1) % FlightRecorder.networkCapacity
    }
    network[index].microseconds = time.microseconds
    network[index].kind = kind
    network[index].pdu.removeAll(keepingCapacity: true)
    network[index].pdu.append(contentsOf: pdu.prefix(FlightRecorder.networkPDUCapacity))
    networkRecorded += 1
  }

  /// Edges forgotten because the ring was full.
  public var dropped: Int { recorded - ring.count }

  /// Records `edge`. A press that finds the phone at rest
  /// (`Phone.isAtRest`) starts a stretch a report can replay from: the
  /// caller marks the phone (`mark(_:at:)`) before recording it.
  public mutating func record(_ edge: RecordedEdge) {
    if ring.count < capacity {
      ring.append(edge)
    } else {
      ring[oldest] = edge
      oldest = (oldest + 1) % capacity
    }
    recorded += 1
  }

  /// The network events still kept of those recorded after the first
  /// `count` (`networkRecorded` counts them all), oldest first: what a
  /// session recording has not seen yet.
  public func networkEvents(after count: Int) -> [RecordedNetworkEvent] {
    let first = Swift.max(count, networkRecorded - networkCount)
    guard first < networkRecorded else { return [] }
    var events: [RecordedNetworkEvent] = []
    for sequence in first..<networkRecorded {
      let offset = sequence - (networkRecorded - networkCount)
      events.append(network[(networkOldest + offset) % FlightRecorder.networkCapacity])
    }
    return events
  }

  /// Remembers what `phone` is at `time` (its settings, draft and contact
  /// book): a report replays from the latest mark it still holds edges
  /// for.
  public mutating func mark(_ phone: borrowing Phone, at time: Instant) {
    let firstKept = recorded - ring.count
    marks.removeAll { $0.sequence < firstKept + 1 }
    let mark = Mark(
      sequence: recorded, time: time, settings: phone.settings, start: .idle,
      draft: phone.draft.isEmpty ? nil : phone.draft, contacts: phone.contacts)
    // Marks spread over the ring: a new one close to the last replaces it.
    if let last = marks.last, recorded - last.sequence < capacity / FlightRecorder.markCapacity {
      marks[marks.count - 1] = mark
    } else if marks.count < FlightRecorder.markCapacity {
      marks.append(mark)
    } else {
      marks.removeFirst()
      marks.append(mark)
    }
  }

  /// A report of everything kept, from the best start there is, up to
  /// `phone`'s time; `rows` is the firmware's frame then.
  public func report(
    trigger: RepairKind?, summary: String, phone: borrowing Phone, rows: [String], log: [LogRecord]
  ) -> FlightReport {
    let firstKept = recorded - ring.count
    var start = boot
    var dropped = 0
    if firstKept > 0 {
      if let mark = marks.first(where: { $0.sequence >= firstKept }) {
        start = mark
      } else {
        // Nothing to start from: the oldest edge kept, on boot's state.
        start.sequence = firstKept
        start.start = .idle
        dropped = firstKept
      }
    }
    var edges: [RecordedEdge] = []
    edges.reserveCapacity(recorded - start.sequence)
    for sequence in start.sequence..<recorded {
      edges.append(ring[(oldest + sequence - firstKept) % capacity])
    }
    // The network's events from the start on.
    var events: [RecordedNetworkEvent] = []
    for offset in 0..<networkCount {
      let event = network[(networkOldest + offset) % FlightRecorder.networkCapacity]
      if event.time >= start.time { events.append(event) }
    }
    let networkComplete = lastForgotten.map { $0 < start.time } ?? true
    var settings = start.settings
    // The replay's clock starts on a whole minute so that minute changes
    // fall where they fell: the lead waits out the rest.
    let minute: Int64 = 60_000_000
    let intoMinute = ((start.time.microseconds % minute) + minute) % minute
    let startMinute = WallClock(minutesAtStart: boot.settings.clockAtStart).minuteOfDay(
      at: Instant(microseconds: start.time.microseconds - intoMinute))
    settings.clockAtStart = startMinute
    // Both clocks count from the phone's instant zero.
    settings.epochAtStart =
      boot.settings.epochAtStart + (start.time.microseconds - intoMinute) / 1_000_000
    return FlightReport(
      trigger: trigger, summary: summary, time: phone.now,
      epochSeconds: boot.settings.epochAtStart + phone.now.microseconds / 1_000_000,
      settings: settings,
      start: start.start, draft: start.draft?.string,
      startTime: Instant(microseconds: start.time.microseconds - intoMinute),
      lead: .microseconds(intoMinute), droppedEdges: dropped, edges: edges, rows: rows,
      focusedText: phone.focusedText, screenName: phone.screenName, log: log,
      contacts: start.contacts, network: events, networkComplete: networkComplete)
  }
}
