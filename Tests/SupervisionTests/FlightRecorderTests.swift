import Diagnostics
import Firmware
import KeypadInput
import Supervision
import Testing

/// Taps `keys` on the rig one every 300 ms and returns the edges it fed.
private func tapAndRecord(_ rig: inout SupervisorRig, _ keys: [Key]) -> [RecordedEdge] {
  var edges: [RecordedEdge] = []
  for key in keys {
    let time = rig.now + .milliseconds(300)
    rig.tap(key, at: time)
    edges.append(RecordedEdge(.press, key, at: time))
    edges.append(RecordedEdge(.release, key, at: time + .milliseconds(80)))
  }
  return edges
}

@Test("a report after a short session starts at boot with every edge fed, nothing dropped")
func flightRecorder_shortSessionFromBoot() throws {
  var rig = SupervisorRig()
  var fed = tapAndRecord(&rig, [.hash, .one])
  rig.supervisor.keypad(connected: false, &rig.peripherals)
  fed.append(RecordedEdge(.unplug, at: rig.now))
  rig.advance(to: rig.now + .seconds(2))
  rig.supervisor.keypad(connected: true, &rig.peripherals)
  fed.append(RecordedEdge(.replug, at: rig.now))
  fed += tapAndRecord(&rig, [.one])
  rig.advance(to: ms(5000))
  rig.supervisor.requestReport("asked by the user")
  let reports = rig.supervisor.takeReports()
  #expect(reports.count == 1)
  let report = try #require(reports.first)
  #expect(report.trigger == nil)
  #expect(report.summary == "asked by the user")
  #expect(report.droppedEdges == 0)
  #expect(report.startTime == .zero, "boot time")
  #expect(report.lead == .zero)
  #expect(report.start == .idle)
  #expect(report.draft == nil)
  #expect(report.edges == fed)
  #expect(report.time == ms(5000))
  #expect(report.rows == rig.rows)
  #expect(report.screenName == "compose")
  #expect(report.focusedText == "")
  #expect(rig.supervisor.recorder.recorded == fed.count)
  #expect(rig.supervisor.recorder.dropped == 0)
}

@Test("a report of a phone booted mid-minute starts on the whole minute and leads to the boot")
func flightRecorder_bootMidMinute() throws {
  var rig = SupervisorRig(start: .compose, boot: ms(90_500))
  let fed = tapAndRecord(&rig, [.two, .three])
  rig.supervisor.requestReport("now")
  let report = try #require(rig.supervisor.takeReports().first)
  #expect(report.startTime == ms(60_000))
  #expect(report.lead == .milliseconds(30_500))
  #expect(report.startTime + report.lead == ms(90_500), "the lead ends at boot")
  #expect(report.start == .compose)
  #expect(report.edges == fed)
  #expect(report.droppedEdges == 0)
}

@Test("with no idle moment inside the ring, the report says how many edges were dropped")
func flightRecorder_noMarkDropsEdges() throws {
  var settings = SupervisorSettings()
  settings.recorderEdges = 16
  var phoneSettings = PhoneSettings()
  phoneSettings.defaultMode = .multitap
  var rig = SupervisorRig(
    start: .compose, settings: phoneSettings, supervisorSettings: settings)
  #expect(rig.supervisor.recorder.capacity == 16)
  let fed = tapAndRecord(&rig, Array(repeating: Key.two, count: 20))
  rig.supervisor.requestReport("now")
  let report = try #require(rig.supervisor.takeReports().first)
  #expect(report.droppedEdges == 24)
  #expect(report.droppedEdges > 0)
  #expect(report.edges == Array(fed.suffix(16)), "the newest 16, oldest first")
  #expect(rig.supervisor.recorder.dropped == 24)
}

@Test("a recorder never keeps fewer than 16 edges")
func flightRecorder_minimumCapacity() {
  var settings = SupervisorSettings()
  settings.recorderEdges = 3
  let rig = SupervisorRig(supervisorSettings: settings)
  #expect(rig.supervisor.recorder.capacity == 16)
}

@Test("after more edges than the ring holds, the report starts at the last idle moment kept")
func flightRecorder_startsAtAMark() throws {
  var settings = SupervisorSettings()
  settings.recorderEdges = 16
  var phoneSettings = PhoneSettings()
  phoneSettings.defaultMode = .multitap
  var rig = SupervisorRig(settings: phoneSettings, supervisorSettings: settings)
  var fed: [RecordedEdge] = []
  for _ in 0..<5 {
    fed += tapAndRecord(&rig, [.hash, .one, .one, .two])
    rig.advance(to: rig.now + .seconds(2))
    fed += tapAndRecord(&rig, [.end])
  }
  let lastIdlePress = fed.count
  fed += tapAndRecord(&rig, [.hash, .one, .one, .three])
  rig.supervisor.requestReport("now")
  let report = try #require(rig.supervisor.takeReports().first)
  #expect(report.droppedEdges == 0, "a mark was found")
  #expect(report.start == .idle)
  #expect(report.draft == "Aaaaa", "the draft when the phone was last idle")
  #expect(report.edges == Array(fed[lastIdlePress...]))
  #expect(report.edges.first?.kind == .press)
  #expect(report.edges.first?.key == .hash)
  #expect(report.startTime <= report.edges[0].time)
  #expect(report.startTime.microseconds % 60_000_000 == 0, "on a whole minute")
  #expect(report.focusedText == "Aaaaad")
}

@Test("a report made by a repair carries the recent log, oldest first")
func flightRecorder_reportCarriesTheLog() throws {
  var rig = SupervisorRig()
  rig.peripherals.display.scramble(seed: 1)
  rig.advance(to: ms(1000))
  let report = try #require(rig.supervisor.takeReports().first)
  #expect(report.log == rig.ring.recent)
  #expect(report.log.last?.tag == LogTag("watchdog", "lcd"))
}

@Test("the network's events go in a ring of their own: the latest are kept, a gap is said")
func flightRecorder_networkRing() throws {
  var rig = SupervisorRig()
  let capacity = FlightRecorder.networkCapacity
  for index in 0..<(capacity + 4) {
    rig.advance(to: ms(Int64(100 * (index + 1))))
    rig.supervisor.recordNetwork(.pdu, pdu: [0, UInt8(index)])
  }
  rig.supervisor.recordNetwork(.refusesSends)
  let long = [UInt8](repeating: 7, count: FlightRecorder.networkPDUCapacity + 10)
  rig.supervisor.recordNetwork(.pdu, pdu: long)
  rig.supervisor.requestReport("asked")
  let report = try #require(rig.supervisor.takeReports().first)
  #expect(report.network.count == capacity)
  #expect(report.network.first?.pdu == [0, 6], "the oldest kept is the 7th")
  #expect(report.network.dropLast().last?.kind == .refusesSends)
  #expect(report.network.last?.pdu.count == FlightRecorder.networkPDUCapacity)
  #expect(!report.networkComplete, "events since the start were forgotten")
  #expect(rig.supervisor.recorder.networkRecorded == capacity + 6)
}
