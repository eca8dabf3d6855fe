import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput
import MessageStore
import ModemDriver
import ScenarioText
import SimulatedPeers
import Supervision
import Testing

@testable import Scenario

/// A supervised phone on the scenario board, with a flight recorder of
/// `recorderEdges`.
private func board(recorderEdges: Int, settings: PhoneSettings) -> ScenarioBoard<
  SimulatedModule
> {
  var supervisorSettings = SupervisorSettings()
  supervisorSettings.recorderEdges = recorderEdges
  let phone = Phone(settings: settings, start: .idle)
  let supervisor = Supervisor(
    PhoneHarness(phone, recordsFrames: true), start: .idle, settings: supervisorSettings,
    log: .disabled)
  let display = SimulatedModule(geometry: .lcd16x2, rom: .a00, log: .disabled)
  return ScenarioBoard(
    supervisor: supervisor,
    peripherals: ScenarioPeripherals(display: display, keepsFrames: false),
    header: ReportHeader())
}

private func tap(_ board: inout ScenarioBoard<SimulatedModule>, _ keys: Key...) {
  for key in keys {
    for stimulus in Stimulus.tap(key) { board.apply(stimulus) }
  }
}

@Test("a report from a ring that wrapped starts at an idle moment and replays green")
func flightRecorderReplay_startsAtAMarkAndReplays() throws {
  var settings = PhoneSettings()
  settings.defaultMode = .multitap
  settings.clockAtStart = 9 * 60 + 58
  var board = board(recorderEdges: 32, settings: settings)
  // Messages written in turns, the phone back on idle between them.
  for letter: Key in [.two, .three, .four, .five, .six, .seven, .eight, .nine] {
    tap(&board, .hash, .one, .one, letter)
    board.apply(.wait(.milliseconds(1500)))
    tap(&board, .zero)
    tap(&board, .end)
    board.apply(.wait(.seconds(7)))
  }
  tap(&board, .hash, .one, .one, .four, .four)
  board.apply(.wait(.milliseconds(300)))
  let recorded = board.runtime.supervisor.recorder.recorded
  #expect(recorded == 8 * 12 + 10)
  #expect(board.runtime.supervisor.recorder.dropped > 0, "the ring wrapped")

  board.runtime.requestReport("asked")
  let report = try #require(board.runtime.store.takeReports().first)
  #expect(report.droppedEdges == 0, "an idle moment was kept")
  #expect(report.start == .idle)
  #expect(report.edges.count < recorded)
  #expect(report.edges.first?.kind == .press)
  #expect(report.edges.first?.key == .hash)
  #expect(report.draft?.isEmpty == false, "the replay starts with the draft of then")
  #expect(report.screenName == "compose")
  let focused = try #require(report.focusedText)
  #expect(focused.hasSuffix("h"), "the last letter is still pending: \(focused)")

  let text = FlightReportWriter.text(report, header: Scenario(file: "report"))
  let scenario = try ScenarioParser.parse(text, file: "report.scenario")
  #expect(scenario.draft == report.draft)
  let result = ScenarioRunner.run(scenario)
  #expect(result.failure == nil, "\(result.failure.map { "\($0.message)" } ?? "")\n\(text)")
  #expect(result.checksPassed >= 2, "the screen and the text were checked")
  #expect(result.repairs.total == 0)
}

@Test("a report of a short session starts at boot and replays green")
func flightRecorderReplay_fromBoot() throws {
  var settings = PhoneSettings()
  settings.defaultMode = .multitap
  var board = board(recorderEdges: 2048, settings: settings)
  tap(&board, .hash, .one, .one, .four, .four, .three)
  board.apply(.wait(.seconds(2)))
  tap(&board, .softRight, .down)
  board.runtime.requestReport("asked")
  let report = try #require(board.runtime.store.takeReports().first)
  #expect(report.droppedEdges == 0)
  #expect(report.startTime == .zero)
  #expect(report.edges.count == board.runtime.supervisor.recorder.recorded)
  let text = FlightReportWriter.text(report, header: Scenario(file: "report"))
  let result = ScenarioRunner.run(try ScenarioParser.parse(text, file: "report.scenario"))
  #expect(result.failure == nil, "\(result.failure.map { "\($0.message)" } ?? "")\n\(text)")
}

/// `phone` supervised with a recorder of 256 edges, on the scenario board
/// with the simulated network behind its modem.
private func modemBoard(_ phone: consuming Phone) -> ScenarioBoard<SimulatedModule> {
  var header = ReportHeader()
  header.hasModem = true
  var supervisorSettings = SupervisorSettings()
  supervisorSettings.recorderEdges = 256
  let supervisor = Supervisor(
    PhoneHarness(phone, recordsFrames: true), start: .idle, settings: supervisorSettings,
    log: .disabled)
  var peripherals = ScenarioPeripherals(
    display: SimulatedModule(geometry: .lcd16x2, rom: .a00, log: .disabled), keepsFrames: false)
  peripherals.modem = .some(ATModem(path: "sim", system: SimulatedNetwork(), log: .disabled))
  return ScenarioBoard(supervisor: supervisor, peripherals: peripherals, header: header)
}

/// The scenario `report` (from a phone with a modem) writes, after
/// checking that it parses and replays green.
private func replayedGreen(_ report: FlightReport) throws -> String {
  var header = Scenario(file: "report")
  header.hasModem = true
  let text = FlightReportWriter.text(report, header: header)
  let scenario = try ScenarioParser.parse(text, file: "report.scenario")
  let result = ScenarioRunner.run(scenario)
  #expect(result.failure == nil, "\(result.failure.map { "\($0.message)" } ?? "")\n\(text)")
  #expect(result.checksPassed >= 1)
  return text
}

@Test("a report replays with what the network did: messages that arrived, sends it refused")
func flightRecorderReplay_withTheNetwork() throws {
  var settings = PhoneSettings()
  settings.defaultMode = .multitap
  var board = modemBoard(
    Phone(settings: settings, messages: MessageBox(capacity: 30), start: .idle))
  board.apply(.wait(.seconds(1)))
  board.network(.sms(from: "+15550100100", text: "First"))
  board.apply(.wait(.seconds(2)))
  // A reply the network refuses, then takes.
  board.network(.refusesSends(true))
  // Menu, Messages, Inbox, read it, Reply; "a"; the editor's options, Send.
  tap(&board, .ok, .one, .two, .ok, .ok, .one, .two)
  board.apply(.wait(.seconds(1)))
  tap(&board, .ok, .one)
  board.apply(.wait(.seconds(2)))
  board.network(.refusesSends(false))
  board.network(.sms(from: "Telkomsel", text: "Second"))
  board.apply(.wait(.seconds(40)))
  #expect(board.runtime.supervisor.phone.messages.inboxCount == 2)

  board.runtime.requestReport("asked")
  let report = try #require(board.runtime.store.takeReports().first)
  // The last PDU is the status report of the reply, delivered.
  #expect(report.network.map(\.kind) == [.pdu, .refusesSends, .pdu, .acceptsSends, .pdu])
  #expect(report.networkComplete)
  let text = try replayedGreen(report)
  #expect(text.contains("\nmodem sim\n"))
  #expect(text.contains("\nnetwork refuse-sends\n"))
}

@Test("a report replays with the calls and USSD of the network: who rang, who answered, replies")
func flightRecorderReplay_withCallsAndUSSD() throws {
  var board = modemBoard(Phone(start: .idle))
  board.apply(.wait(.seconds(5)))
  // A call rings in, is answered, and the caller hangs up.
  board.network(.call(from: "+15550100100"))
  board.apply(.wait(.milliseconds(300)))
  tap(&board, .call)
  board.apply(.wait(.seconds(3)))
  board.network(.farEnd(.hangUp))
  board.apply(.wait(.seconds(3)))
  // A call out that the other phone answers; this phone hangs up.
  tap(&board, .five, .five, .five, .call)
  board.apply(.wait(.seconds(2)))
  board.network(.farEnd(.answer))
  board.apply(.wait(.seconds(2)))
  tap(&board, .end)
  board.apply(.wait(.seconds(3)))
  // A USSD menu of two rounds.
  board.network(.ussd(request: "*123#", reply: "1 Balance\n2 Top-up", menu: true, ucs2: false))
  board.network(.ussd(request: "1", reply: "Saldo Rp 5.000", menu: false, ucs2: false))
  for stimulus in Stimulus.hold(.star, for: .milliseconds(800)) { board.apply(stimulus) }
  tap(&board, .one, .two, .three, .hash, .call)
  board.apply(.wait(.seconds(2)))
  tap(&board, .one, .ok)
  board.apply(.wait(.seconds(2)))
  #expect(board.runtime.supervisor.phone.screenName == "ussd")

  board.runtime.requestReport("asked")
  let report = try #require(board.runtime.store.takeReports().first)
  #expect(report.network.map(\.kind) == [.call, .hangUp, .answer, .ussdMenu, .ussdEnd])
  let text = try replayedGreen(report)
  #expect(text.contains("\nnetwork call +15550100100\n"))
  #expect(text.contains("\nnetwork ussd \"*123#\" \"1 Balance\\n2 Top-up\" menu\n"))
  #expect(text.contains("\nnetwork ussd \"1\" \"Saldo Rp 5.000\" end\n"))
}
