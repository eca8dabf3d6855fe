import ArgumentParser
import Board
import Host
import MessageStore

/// `t9phone messages list`.
struct MessagesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "messages",
    abstract: "Read the phone's message store.",
    subcommands: [List.self]
  )

  /// `t9phone messages list [--state DIR] [--folder inbox|sent|outbox|drafts]`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "Print the messages, one a line.",
      discussion: """
        Each line is folder, number or sender name, time (ISO 8601: a received
        message with the offset it carried, others with the phone's), status
        (unread, read, sent, delivered, queued, failed, partial, draft) and text
        (\\ as \\\\, newline as \\n, tab as \\t), separated by tabs; folders in the
        order inbox, sent, outbox, drafts, oldest first within each.
        """)

    @Option(help: "The state folder (default: $XDG_STATE_HOME/t9phone).")
    var state: String?

    @Option(help: "Only this folder: inbox, sent, outbox or drafts.")
    var folder: String?

    func run() throws {
      var only: MessageFolder?
      if let folder {
        guard let named = MessageFolder(name: folder) else {
          throw CLIError("--folder: '\(folder)' is not inbox, sent, outbox or drafts")
        }
        only = named
      }
      for line in try MessageLines.list(state: state, folder: only) { print(line) }
    }
  }
}
