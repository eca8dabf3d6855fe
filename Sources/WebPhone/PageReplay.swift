import CharacterLCD
import ContactBook
import Firmware
import Scenario
import ScenarioText
import T9Engine
import TextEntry
import Vocabulary

/// A scenario replayed for the page: the same run as `t9phone test` (and
/// `WebReplay`), kept whole so the page can show every frame at its time
/// and every expectation beside the glass it was checked on.
public struct PageReplay {
  /// The run's result: frames, checks, the failure.
  public let result: ScenarioResult
  /// The scenario's geometry, for reading frames as rows.
  public let geometry: LCDGeometry
  /// Each frame's blinking cursor phase, as `replay --png` draws it.
  public let blinkPhases: [BlinkPhase]
  /// Why the scenario could not run, if it could not.
  public let error: String?

  /// Replays `bundle`'s scenario.
  public init(_ bundle: WebBundle) {
    let file = bundle.scenarioFile
    let scenario: Scenario
    do {
      scenario = try ScenarioParser.parse(
        String(decoding: bundle.scenario, as: UTF8.self), file: file)
    } catch {
      self.init(error: error.description)
      return
    }
    let contacts: ContactBook?
    switch WebReplay.book(for: scenario, bundle) {
    case .success(let book): contacts = book
    case .failure(let problem):
      self.init(error: "\(file): \(problem.message)")
      return
    }
    let dictionaries: [Language: T9Dictionary]
    switch WebReplay.dictionaries(bundle) {
    case .success(let opened): dictionaries = opened
    case .failure(let problem):
      self.init(error: "\(file): \(problem.message)")
      return
    }
    let result = ScenarioRunner.run(
      scenario, dictionaries: dictionaries, contacts: contacts, recordFrames: true)
    var blink = BlinkClock()
    self.init(
      result: result, geometry: scenario.geometry,
      blinkPhases: result.frames.map { blink.phase(of: $0.frame, at: $0.time.microseconds) },
      error: nil)
  }

  private init(error: String) {
    self.init(result: ScenarioResult(file: ""), geometry: .lcd16x2, blinkPhases: [], error: error)
  }

  private init(
    result: ScenarioResult, geometry: LCDGeometry, blinkPhases: [BlinkPhase], error: String?
  ) {
    self.result = result
    self.geometry = geometry
    self.blinkPhases = blinkPhases
    self.error = error
  }

  /// The frame on the glass at `time`: the last drawn at or before it.
  public func frameIndex(at time: Instant) -> Int? {
    var found: Int?
    for (index, frame) in result.frames.enumerated() {
      guard frame.time <= time else { break }
      found = index
    }
    return found
  }

  /// The replay as lines the page reads: `PASS FILE (N checks, K key
  /// events)`, `FAIL FILE` then `LINE: message`, or `ERROR message`; then
  /// `frame INDEX MICROSECONDS` a frame and `check LINE MICROSECONDS
  /// pass|fail FRAME` an expectation, in the run's order.
  public var text: String {
    if let error { return "ERROR \(error)\n" }
    var text = outcome
    for (index, frame) in result.frames.enumerated() {
      text += "frame \(index) \(frame.time.microseconds)\n"
    }
    for check in result.checks {
      let frame = frameIndex(at: check.time).map { String($0) } ?? "-"
      text +=
        "check \(check.line) \(check.time.microseconds) \(check.passed ? "pass" : "fail") \(frame)\n"
    }
    return text
  }

  /// The outcome as `t9phone test` words it: `PASS FILE (N checks, K key
  /// events)`, or `FAIL FILE` and `LINE: message`, each line ended.
  public var outcome: String {
    guard let failure = result.failure else {
      return
        "PASS \(result.file) (\(result.checksPassed) checks, \(result.keyEvents) key events)\n"
    }
    return "FAIL \(result.file)\n\(failure.location.line): \(failure.message)\n"
  }
}
