import ArgumentParser

/// `t9phone [sim] [options]`: the interactive simulator (the default).
struct SimulateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sim",
    abstract: "The interactive simulator in this terminal (the default command)."
  )

  @Option(
    help: """
      Where to show the LCD besides the simulated module in this terminal: terminal (default), \
      text (frame blocks instead of the picture), i2c:/dev/i2c-N@0xADDR[,wiring=backpack|lcdproc]\
      [,backlight=high|low] or lcdproc[:HOST[:PORT]] (a real display too), none.
      """)
  var display: String?

  @OptionGroup var options: SimulatorOptions

  func run() throws {
    let spec = try DisplayOutput.spec(display, default: .terminal)
    try TerminalSimulator(options: options, display: spec).run()
  }
}
