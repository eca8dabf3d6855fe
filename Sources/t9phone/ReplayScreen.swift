import ArgumentParser
import CharacterLCD
import Diagnostics
import DisplayDriver
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
struct ReplayScreen: DisplayUser {
  /// The command, with its options.
  let command: ReplayCommand
  /// The scenario replayed.
  let scenario: Scenario
  /// Its run, every frame kept.
  let result: ScenarioResult
  /// What `--display` named (`text`: the listing, with no display).
  let spec: DisplaySpec
  /// The log.
  let log: Log
  /// `--png`'s picture options.
  let pictureOptions: PictureOptions

  /// Shows the frames on the display `make` opens.
  func use<Screen: Display>(_ make: (LCDGeometry, Log) -> Screen) throws {
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
      if command.realtime { clock.sleep(until: due) }
      screen.showStatus([recorded.time.description])
      screen.show(recorded.frame, at: command.realtime ? due : clock.now)
      screen.service(at: clock.now)
      guard lists else { continue }
      for line in ScenarioReport.frameLines(recorded) { print(line) }
      if command.hd44780 {
        writes.removeAll(keepingCapacity: true)
        encoder.encode(recorded.frame, into: &writes)
        for write in writes { print("  \(write)") }
      }
      if command.bus {
        let before = module.statistics
        module.show(recorded.frame, at: recorded.time)
        print("  bus: \(ReplayCommand.busLine(module.statistics.since(before)))")
      }
    }
    if command.bus && lists { print("bus total: \(ReplayCommand.busLine(module.statistics))") }
    if let png = command.png {
      try command.writePictures(result.frames, to: png, options: pictureOptions)
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
      throw ExitCode(1)
    }
    if case .lcdproc = spec {
      // LCDd drops a client's screen when it disconnects: hold the last frame.
      StopSignal.install()
      fflush(nil)  // the listing, before waiting
      Console.error("t9phone: holding the last frame on LCDd; Ctrl-C to quit\n")
      while !StopSignal.requested {
        clock.sleep(
          until: min(
            screen.nextDeadline ?? clock.now + .milliseconds(200), clock.now + .milliseconds(200)))
        screen.service(at: clock.now)
      }
    }
  }
}
