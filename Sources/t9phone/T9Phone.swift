import ArgumentParser
import Board
import CLinux
import Host
import StateStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `t9phone`: with no subcommand, the interactive simulator in the terminal.
@main
struct T9Phone: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "t9phone",
    abstract: "Feature-phone firmware: T9 and multi-tap on a character LCD.",
    discussion: """
      With no subcommand, t9phone runs the interactive simulator in this terminal:
      digits, * and # are the keypad; Enter = ok, Backspace = back, arrows move,
      Tab/F1 = left soft key, F2 = right soft key, c = call, e or Esc Esc = end.
      A terminal reports no key releases, so a long press is Alt+key (or Esc then
      the key); holding Alt+key keeps the key held while the terminal repeats it.
      q or Ctrl-C quits.

      Simulator options (t9phone [sim] OPTIONS; 't9phone help sim' explains each):
        --lcd 16x1|16x2|16x4|20x2|20x4|40x2   --rom A00|A02   --language en|id
        --multitap-timeout 1000ms   --long-press 700ms   --debounce 20ms
        --repeat-interval 150ms   --input-mode T9Abc|T9abc|T9ABC|Abc|abc|ABC|123
        --state DIR   --dictionaries DIR   --log-level LEVEL   --log-file FILE
        --metrics-file FILE   --record FILE.scenario (the session as a scenario)
      """,
    version: "0.1.0",
    subcommands: [
      SimulateCommand.self, TestCommand.self, ReplayCommand.self, T9Command.self, DictCommand.self,
      ContactsCommand.self, RunCommand.self, RecordCommand.self, StatsCommand.self,
      FaultSoakCommand.self, SMSCommand.self, MessagesCommand.self, NetworkServiceCommand.self,
      WebCommand.self,
    ],
    defaultSubcommand: SimulateCommand.self
  )

  /// Runs the command; bad input (an unknown option, a bad value, an
  /// unreadable file) is one line on stderr and exit status 2.
  static func main() {
    // One malloc arena for every thread. Each thread that allocates (the
    // languages' dictionaries open side by side, `test --jobs` runs
    // scenarios on threads) would otherwise get an arena of its own, whose
    // touched pages stay resident for as long as what it allocated lives:
    // about 190 kB in the soak, a board's memory for nothing.
    mallopt(M_ARENA_MAX, 1)
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let error as CLIError {
      fail(error.description)
    } catch let error as StorageError {
      fail(error.description)
    } catch {
      if exitCode(for: error) == .validationFailure {
        Console.error("t9phone: error: \(message(for: error))\n")
        Console.error("Run 't9phone --help' for usage.\n")
        Glibc.exit(2)
      }
      exit(withError: error)
    }
  }

  /// A user-facing error: one line on stderr, exit status 2. Messages that
  /// already say `file:line: error:` are printed as they are.
  private static func fail(_ text: String) -> Never {
    Console.error(text.contains(": error: ") ? "\(text)\n" : "t9phone: error: \(text)\n")
    Glibc.exit(2)
  }

}
