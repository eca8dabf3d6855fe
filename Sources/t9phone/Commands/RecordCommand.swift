import ArgumentParser
import Board
import EvdevDevice
import EvdevInput
import Host
import KeypadInput

/// `t9phone record`: captures a real keypad session in the evemu format, so
/// a bug seen on a board replays anywhere (`replay --evemu`, a scenario's
/// `evemu FILE`).
struct RecordCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Record a keypad's events to an evemu file (# EVEMU 1.3) until Ctrl-C.",
    discussion: """
      The device is read without grabbing it unless --grab is given. Recording stops at
      SIGINT/SIGTERM, after --seconds, or after --keys key presses; '-o -' writes to
      standard output.
      """
  )

  @Option(
    help: "The device: a /dev/input/event* path, or 'auto' for the first with the keymap's keys.")
  var input = "auto"

  @Option(help: "The keymap used to find the device with 'auto' and to count --keys.")
  var keymap = "numpad-phone"

  @Option(name: .shortAndLong, help: "The evemu file to write ('-' for standard output).")
  var output: String

  @Option(help: "Stop after this many seconds.")
  var seconds: Double?

  @Option(help: "Stop after this many key presses of the keymap's keys.")
  var keys: Int?

  @Flag(help: "Grab the device while recording (its keys then reach nothing else).")
  var grab = false

  func run() throws {
    let keymap = try KeymapFiles.load(keymap)
    var signals = ProcessSignals()
    var connection = KeypadConnection(
      input: input, codes: keymap.codes, grab: grab, system: LinuxInputSystem())
    defer { connection.close() }
    _ = try connection.openForCommand(keymap: keymap)
    guard let device = connection.device else { throw CLIError("\(input): no keypad") }
    Console.error("recording \(device.path) (\(device.name)); Ctrl-C stops\n")
    let clock = MonotonicClock()
    var recorder = KeypadRecorder<LinuxInputSystem>(keymap: keymap)
    recorder.record(
      &connection, clock: clock,
      until: seconds.map { clock.now + Duration.milliseconds(Int64($0 * 1000)) }, keys: keys,
      signals: &signals)
    if let lost = recorder.lostDevice { Console.error("\(lost); recording stops\n") }
    let text = recorder.recording(of: device).written()
    if output == "-" {
      Console.out(text)
    } else {
      try FileIO.writeAtomically(Array(text.utf8), to: output, mode: 0o644)
    }
    Console.error("\(recorder.events.count) events, \(recorder.presses) key presses\n")
  }
}
