import ArgumentParser
import Board

#if canImport(Glibc)
  import Glibc
#endif

/// `t9phone run`: the firmware on a real keypad (evdev, through libevdev),
/// as the board firmware runs it: the same options, read by the same
/// parser (`RunCommandLine`, in `Board`).
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run the phone on a real keypad: an evdev device read through libevdev.",
    discussion: """
      The board firmware's command, with its options (t9phone run --help lists them; \
      docs/deploy.md). The device is grabbed unless --no-grab is given; with --display text \
      each change of the LCD is printed as 'frame <ms>', one |row| line per row and 'end'.
      """
  )

  @Argument(parsing: .captureForPassthrough, help: "run's options (see t9phone run --help)")
  var options: [String] = []

  func run() throws {
    let status = RunCommandLine.main(options)
    if status != 0 { Glibc.exit(status) }
  }
}
