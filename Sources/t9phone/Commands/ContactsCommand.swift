import ArgumentParser
import Board
import CharsetConversion
import ContactBook
import Diagnostics
import Host
import StateStorage

/// `t9phone contacts …`: the contact book from the command line.
struct ContactsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "contacts",
    abstract: "Import, export, list, add, delete and search contacts.",
    subcommands: [
      Import.self, Export.self, List.self, Add.self, Delete.self, Search.self, Info.self,
    ]
  )

  /// Where the book is.
  struct BookOptions: ParsableArguments {
    @Option(help: "The book file (default: contacts.book in the state folder).")
    var book: String?

    @Option(help: "The state folder (default: $XDG_STATE_HOME/t9phone or ~/.local/state/t9phone).")
    var state: String?

    @Option(help: "How many contacts a new book holds (1 to 10000; default 1000).")
    var capacity: Int?

    @OptionGroup var logging: LoggingOptions

    func open() throws -> ContactsStore<LinuxFileSystem> {
      if let capacity, !(1...ContactBook.maximumCapacity).contains(capacity) {
        throw CLIError("bad capacity \(capacity) (1 to \(ContactBook.maximumCapacity))")
      }
      let log = try LogOutput.bootstrap(level: try logging.level(), file: logging.logFile)
      let path = book ?? StateDirectory(option: state).path + "/contacts.book"
      return try ContactsStore(path: path, capacity: capacity, log: log, on: LinuxFileSystem())
    }
  }

  /// `contacts import FILE.vcf`.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Import a vCard file (2.1, 3.0 or 4.0): all of it or, when it would not fit, none.",
      discussion: """
        Every card with a name or a number is imported. What exceeds the book's limits is cut to \
        fit (preferred and mobile numbers kept first) and each change is reported as \
        file:line: warning:. A card with neither is skipped. Legacy charsets are decoded with \
        iconv: CHARSET= parameters, UTF-16 files, and unlabelled 8-bit text in the file's first \
        labelled charset, else --charset, else Windows-1252.
        """
    )

    @Argument(help: "The vCard file.")
    var file: String

    @Option(
      help: "The file's charset for unlabelled 8-bit text (e.g. SHIFT_JIS; default: Windows-1252).")
    var charset: String?

    @OptionGroup var options: BookOptions

    func run() throws {
      var store = try options.open()
      let (imported, skipped) = try ContactImport.run(file, charset: charset, into: &store)
      print("imported \(imported) contacts, skipped \(skipped)")
    }
  }

  /// `contacts export [-o FILE]`.
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export", abstract: "Export every contact as vCard 3.0.")

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @OptionGroup var options: BookOptions

    func run() throws {
      let store = try options.open()
      let contacts = store.book.alphabetical.compactMap { store.book.contact(at: $0) }
      let text = VCardWriter.write(contacts)
      if let output {
        try FileIO.writeAtomically(Array(text.utf8), to: output, mode: 0o600)
      } else {
        Console.out(text)
      }
    }
  }

  /// `contacts list`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract:
        "List contacts alphabetically: ID<TAB>name<TAB>numbers (label:number, comma separated).")

    @OptionGroup var options: BookOptions

    func run() throws {
      for line in BookLines.list(try options.open().book) { print(line) }
    }
  }

  /// `contacts info`.
  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "info",
      abstract:
        "Show the book's capacity, how full it is, the memory it reserves and the text in use.")

    @OptionGroup var options: BookOptions

    func run() throws {
      for line in BookLines.info(try options.open()) { print(line) }
    }
  }

  /// `contacts add --name N --number X [--number Y]`.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add", abstract: "Add a contact; prints its ID.")

    @Option(help: "The display name (at most 40 characters).")
    var name: String

    @Option(help: "A number (up to 4; `label:number` sets the label: mobile, home, work, other).")
    var number: [String] = []

    @Option(help: "A nickname, searched like the name.")
    var nickname = ""

    @Option(help: "An organisation, searched like the name.")
    var organisation = ""

    @Flag(help: "Star the contact.")
    var starred = false

    @OptionGroup var options: BookOptions

    func run() throws {
      var store = try options.open()
      let contact = Contact(
        name: name, numbers: number.map(BookLines.number), nickname: nickname,
        organisation: organisation,
        starred: starred)
      print(try store.add(contact))
    }
  }

  /// `contacts delete ID`.
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete", abstract: "Delete the contact with ID.")

    @Argument(help: "The contact's ID (from list or add).")
    var id: Int

    @OptionGroup var options: BookOptions

    func run() throws {
      var store = try options.open()
      try store.delete(id: id)
    }
  }

  /// `contacts search DIGITS` / `--stdin`.
  struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "T9 search: name<TAB>number<TAB>highlight per result, best first.",
      discussion: """
        The number is the matched one (or the first, for name matches); the highlight is the
        name (or the number, for number matches) with each matched run in [brackets]. With
        --stdin, each line is a query answered by its result lines and then an empty line.
        """
    )

    @Option(help: "At most this many results.")
    var limit = 20

    @Flag(help: "Read one query per line from standard input.")
    var stdin = false

    @Argument(help: "The keys, e.g. 5764.")
    var digits: String?

    @OptionGroup var options: BookOptions

    func validate() throws {
      if stdin == (digits != nil) { throw ValidationError("give DIGITS or --stdin (one of them)") }
      if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
      let store = try options.open()
      func answer(_ query: String) {
        for result in store.book.search(query, limit: limit) {
          print(BookLines.search(result, in: store.book))
        }
      }
      if let digits {
        answer(digits)
        return
      }
      while let line = readLine(strippingNewline: true) {
        answer(line)
        print("")
      }
    }
  }
}
