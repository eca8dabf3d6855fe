import ArgumentParser

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
      'frame <ms>', one |row| line per row and 'end', and news as 't9phone: ready <path> <name>',
      't9phone: keypad disconnected', 't9phone: keypad connected <path>'. See docs/deploy.md.
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
    help:
      "How to show the LCD: terminal (ANSI) or text (frame blocks). Default: terminal on a terminal."
  )
  var display: String?

  @OptionGroup var simulator: SimulatorOptions

  func run() throws {
    let output: FrameOutput
    switch display {
    case nil: output = Console.isTerminal ? .terminal : .text
    case "terminal": output = .terminal
    case "text": output = .text
    case let other?: throw ValidationError("unknown display '\(other)' (terminal, text)")
    }
    if let address = try LCDprocAddress(input) {
      var runner = try LCDprocRunner(
        options: simulator, address: address,
        keymap: try KeymapFiles.loadLCDproc(keymap ?? "lcdproc"), output: output)
      runner.run()
      return
    }
    var runner = try DeviceRunner(
      options: simulator, input: input, keymap: try KeymapFiles.load(keymap ?? "numpad-phone"),
      grab: !noGrab, output: output)
    try runner.run()
  }
}
