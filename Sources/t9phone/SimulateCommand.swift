import ArgumentParser

/// `t9phone [sim] [options]`: the interactive simulator (the default).
struct SimulateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sim",
    abstract: "The interactive simulator in this terminal (the default command)."
  )

  @OptionGroup var options: SimulatorOptions

  func run() throws {
    try TerminalSimulator(options: options).run()
  }
}
