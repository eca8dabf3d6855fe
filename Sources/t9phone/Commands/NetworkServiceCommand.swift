import ArgumentParser
import Board
import Host
import ModemDriver

/// `t9phone network serve --line PATH[@BAUD]`.
struct NetworkServiceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "network",
    abstract: "The simulated network, for a phone on another serial line.",
    subcommands: [Serve.self]
  )

  /// `t9phone network serve --line PATH[@BAUD]`.
  struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve",
      abstract: "Be the modem and the network at the far end of a serial line.",
      discussion: """
        Speaks the AT dialect of the scenarios' simulated network (a SIM800 in PDU
        mode) on the line, to a phone run elsewhere with --modem tty:…: a QEMU
        guest's USB serial adapter, or a board's UART on a null-modem cable.
        Prints `ready` once the line is open, then reads one command a line on
        standard input and answers each on a line of its own:
          network sms FROM "TEXT" | network pdu HEX | network refuse-sends |
          network accept-sends            the network does it; answers ok
          fault modem-silent DURATION | fault modem-reset | fault modem-gone DURATION |
          fault modem-reset-mid-send      the modem does it; answers ok
          expect-sent NUMBER "TEXT"       yes when the network has received that
                                          whole message, else no
        in the scenarios' words (docs/scenarios.md); a line it cannot read gets
        `error: …`. Stops when standard input ends.
        """)

    @Option(help: "The serial line and its speed, e.g. /dev/pts/3 or /dev/ttyUSB0@115200.")
    var line: String

    func run() throws {
      guard case .success(.tty(let path, let baud)) = ModemSpec.parse("tty:" + line) else {
        throw CLIError("--line: expected PATH[@BAUD] with a speed of 9600 to 921600, got '\(line)'")
      }
      let status = NetworkService.serve(path: path, baud: baud)
      if status != 0 { throw ExitCode(status) }
    }
  }
}
