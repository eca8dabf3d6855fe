import ArgumentParser
import Board
import Host

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

  @Option(
    help: ArgumentHelp(
      """
      Write the session as a scenario when the simulator exits: the settings as its header, \
      the keys as the firmware received them (to 10 ms), and 'expect screen' (and 'expect \
      text' in an editor) after each pause of more than a second and at the end; \
      't9phone test FILE' replays it. A contact book goes beside it as FILE.vcf.
      """,
      valueName: "FILE.scenario"))
  var record: String?

  @OptionGroup var options: SimulatorOptions

  func run() throws {
    let spec = try DisplayOutput.spec(display, default: .terminal)
    let settings = try options.session()
    let (log, ring) = try options.log()
    try TerminalSimulator(settings: settings, log: log, ring: ring, display: spec, record: record)
      .run()
  }
}
