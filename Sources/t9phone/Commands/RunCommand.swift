import ArgumentParser
import DisplayDriver
import Host

/// `t9phone run`: the firmware on a real keypad (evdev, through libevdev).
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run the phone on a real keypad: an evdev device read through libevdev.",
    discussion: """
      The device is grabbed (its keys reach nothing else, such as a console login) unless
      --no-grab is given. When it is unplugged the LCD says "Keypad disconnected", the phone
      keeps everything, and it resumes when the keypad is plugged in again. With --display text
      (the default when standard output is not a terminal) each change of the LCD is printed as
      'frame <ms>', one |row| line per row and 'end'. Unless the terminal shows the LCD, news is
      printed as 't9phone: ready <path> <name>', 't9phone: keypad disconnected',
      't9phone: keypad connected <path>'. With --display i2c:/dev/i2c-1@0x27 the phone drives an
      HD44780 on a PCF8574 backpack, with --display lcdproc LCDd shows it, and with
      --input lcdproc the keys come from LCDd too, which then shows the screen
      (docs/displays.md). See docs/deploy.md.

      --start, --clock and the settings after them start the phone as a
      scenario's header would (another screen, a fixed time of day). With
      --report-state the phone's state is printed whenever it changes:
      'state <ms>', one line each for the screen, the focused text and mode,
      the cursor and the backlight, and 'end' (docs/deploy.md, "Starting the
      phone as a scenario does"). The hardware suite uses both.
      """
  )

  @Option(
    help: """
      The keypad: a /dev/input/event* path, 'auto' for the first with the keymap's keys, or \
      lcdproc[:HOST[:PORT]] for the keys LCDd reads (the screen then goes to LCDd too).
      """)
  var input = "auto"

  @Option(
    help: """
      The keymap: a name in Keymaps/ (numpad-phone, numpad-labels, phone-keypad, pc-keyboard; \
      lcdproc for --input lcdproc, the default there) or a path.
      """
  )
  var keymap: String?

  @Flag(
    name: .customLong("no-grab"),
    help: "Share the device with other programs instead of grabbing it.")
  var noGrab = false

  @Option(
    help: """
      Where to show the LCD: terminal (ANSI), text (frame blocks), \
      i2c:/dev/i2c-N@0xADDR[,wiring=backpack|lcdproc][,backlight=high|low], \
      lcdproc[:HOST[:PORT]] or none. Default: terminal on a terminal, else text.
      """)
  var display: String?

  @Flag(
    name: .customLong("report-state"),
    help: """
      Print the phone's state (screen, focused text and mode, cursor, backlight) on standard \
      output whenever it changes, for a test harness.
      """)
  var reportState = false

  @OptionGroup var start: StartOptions

  @OptionGroup var simulator: SimulatorOptions

  func run() throws {
    let spec = try DisplayOutput.spec(display, default: Console.isTerminal ? .terminal : .text)
    if input == "lcdproc" || input.hasPrefix("lcdproc:") {
      let host: String
      let port: UInt16
      switch DisplaySpec.parse(input) {
      case .success(.lcdproc(let parsedHost, let parsedPort)):
        host = parsedHost
        port = parsedPort
      case .success: throw CLIError("--input: write lcdproc, lcdproc:HOST or lcdproc:HOST:PORT")
      case .failure(let error): throw CLIError("--input: \(error)")
      }
      let keys = try KeymapFiles.loadLCDproc(keymap ?? "lcdproc")
      let settings = try simulator.session(start: start, modem: .none)
      let (log, ring) = try simulator.log()
      let runner = try LCDprocRunner(
        settings: settings, log: log, ring: ring, host: host, port: port, keymap: keys,
        display: spec, reportsState: reportState)
      try runner.run()
      return
    }
    let keys = try KeymapFiles.load(keymap ?? "numpad-phone")
    let settings = try simulator.session(start: start, modem: .none) {
      keys.applyHoldPolicies(to: &$0.gestures)
    }
    let (log, ring) = try simulator.log()
    let runner = DeviceRunner(
      settings: settings, log: log, ring: ring, input: input, keymap: keys, grab: !noGrab,
      display: spec, reportsState: reportState)
    try runner.run()
  }
}
