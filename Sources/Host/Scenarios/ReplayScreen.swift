import Board
import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput
import Scenario
import SimulatedPeers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What `t9phone replay` does with a scenario's result on the display
/// `--display` names: shows the frames (in real time with `--realtime`),
/// lists them with what the driver sends, writes the pictures, waits for
/// the display to take the last frame and holds it on LCDd. Generic over
/// the display, which `DisplayOutput.open` chooses.
public struct ReplayScreen: DisplayUser {
  /// The display did not take the last frame in time (said on standard
  /// error already).
  public struct DisplayFellBehind: Error {}

  /// The scenario replayed.
  private let scenario: Scenario
  /// Its run, every frame kept.
  private let result: ScenarioResult
  /// What `--display` named (`text`: the listing, with no display).
  private let spec: DisplaySpec
  /// The log.
  private let log: Log
  /// `--png`'s picture options.
  private let pictureOptions: PictureOptions
  /// `--realtime`: the frames shown at their times.
  private let realtime: Bool
  /// `--hd44780`: each frame followed by the instructions sent.
  private let listsInstructions: Bool
  /// `--bus`: each frame followed by what it costs on the bus.
  private let countsBus: Bool
  /// `--png DIR`: where the pictures go.
  private let picturesFolder: String?

  /// Shows `result`'s frames of `scenario` on the display `spec` names.
  public init(
    scenario: Scenario, result: ScenarioResult, spec: DisplaySpec, log: Log,
    pictureOptions: PictureOptions, realtime: Bool, listsInstructions: Bool, countsBus: Bool,
    picturesFolder: String?
  ) {
    self.scenario = scenario
    self.result = result
    self.spec = spec
    self.log = log
    self.pictureOptions = pictureOptions
    self.realtime = realtime
    self.listsInstructions = listsInstructions
    self.countsBus = countsBus
    self.picturesFolder = picturesFolder
  }

  /// Shows the frames on the display `make` opens.
  public func use<Screen: Display>(_ make: (LCDGeometry, Log) -> Screen) throws {
    var screen = make(scenario.geometry, log)
    defer { screen.close() }
    let lists = spec != .terminal && spec != .none
    let clock = MonotonicClock()
    let start = clock.now
    var encoder = HD44780StreamEncoder()
    var writes: [HD44780Write] = []
    var module = SimulatedModule(geometry: scenario.geometry, rom: scenario.rom, log: log)
    for recorded in result.frames {
      let due = start + (recorded.time - Instant.zero)
      if realtime { clock.sleep(until: due) }
      screen.showStatus([recorded.time.description])
      screen.show(recorded.frame, at: realtime ? due : clock.now)
      screen.service(at: clock.now)
      guard lists else { continue }
      for line in ScenarioReport.frameLines(recorded) { print(line) }
      if listsInstructions {
        writes.removeAll(keepingCapacity: true)
        encoder.encode(recorded.frame, into: &writes)
        for write in writes { print("  \(write)") }
      }
      if countsBus {
        let before = module.statistics
        module.show(recorded.frame, at: recorded.time)
        print("  bus: \(ReplayScreen.busLine(module.statistics.since(before)))")
      }
    }
    if countsBus && lists { print("bus total: \(ReplayScreen.busLine(module.statistics))") }
    if let png = picturesFolder {
      try ReplayScreen.writePictures(result.frames, to: png, options: pictureOptions)
    }
    // A display whose bus failed, or LCDd still connecting, gets a little
    // while to take the last frame.
    let patience = clock.now + .seconds(3)
    while !screen.health.isUpToDate, clock.now < patience {
      clock.sleep(until: min(screen.nextDeadline ?? clock.now + .milliseconds(10), patience))
      screen.service(at: clock.now)
    }
    if !screen.health.isUpToDate {
      Console.error("t9phone: error: the display did not take the last frame (see the log above)\n")
      throw DisplayFellBehind()
    }
    if case .lcdproc = spec {
      // LCDd drops a client's screen when it disconnects: hold the last frame.
      var signals = ProcessSignals()
      fflush(nil)  // the listing, before waiting
      Console.error("t9phone: holding the last frame on LCDd; Ctrl-C to quit\n")
      while !signals.stopRequested {
        clock.sleep(
          until: min(
            screen.nextDeadline ?? clock.now + .milliseconds(200), clock.now + .milliseconds(200)))
        screen.service(at: clock.now)
      }
    }
  }

  /// `18 bytes in 1 transfer, 0.0 ms of pauses, 1.73 ms at 100 kHz`.
  public static func busLine(_ statistics: BusStatistics) -> String {
    let pause = Double(statistics.pauseMicroseconds) / 1000
    let total = Double(statistics.busMicroseconds(hertz: 100_000)) / 1000
    let transfers = "\(statistics.transfers) transfer\(statistics.transfers == 1 ? "" : "s")"
    return
      "\(statistics.bytesSent) bytes in \(transfers), \(pause) ms of pauses, \(total) ms at 100 kHz"
  }

  /// `--png DIR`: one picture per frame, numbered in time order.
  static func writePictures(_ frames: [RecordedFrame], to folder: String, options: PictureOptions)
    throws
  {
    try FileIO.makeDirectories(folder)
    var blink = BlinkClock()
    for (index, recorded) in frames.enumerated() {
      let name = Screenshots.frameName(
        index: index + 1, of: frames.count, time: recorded.time)
      // A blinking cursor shows the phase it is in at the frame's time.
      var options = options
      let phase = blink.phase(of: recorded.frame, at: recorded.time.microseconds)
      if recorded.frame.visibleCursor != nil && recorded.frame.cursorStyle == .blink {
        options.blinkPhase = phase
      }
      try Screenshots.write(recorded.frame, to: "\(folder)/\(name)", options: options)
    }
  }
}
