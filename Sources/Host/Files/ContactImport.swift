import Board
import CharsetConversion
import ContactBook
import StateStorage

/// `t9phone contacts import`: a vCard file into the book, all of it or,
/// when it would not fit, none — the cards read (legacy charsets through
/// iconv), their warnings printed as `file:line: warning:`, then every card
/// checked against the book's room, its records' limits and its text
/// arena before the first is added.
public enum ContactImport {
  /// Imports `file` into `store`, unlabelled 8-bit text read as `charset`
  /// when given; returns how many contacts were imported and how many cards
  /// skipped. Throws a `CLIError` that says why nothing was imported.
  public static func run(
    _ file: String, charset: String?, into store: inout ContactsStore<LinuxFileSystem>
  ) throws -> (imported: Int, skipped: Int) {
    if let charset, IconvCharsets().decode([], charset: charset) == nil {
      throw CLIError("unknown charset \(charset)")
    }
    let result = try VCardFiles.read(file, charset: charset)
    for issue in result.issues { Console.error(VCardFiles.warning(issue, file: file)) }
    let book = store.book
    guard result.contacts.count <= book.capacity - book.count else {
      throw CLIError(
        "Contacts full: \(result.contacts.count) contacts do not fit "
          + "(\(book.count)/\(book.capacity) used); nothing imported")
    }
    for contact in result.contacts {
      if let problem = BookRecord.problem(with: contact) {
        throw CLIError("\(contact.name): \(problem); nothing imported")
      }
    }
    guard book.hasTextRoom(for: result.contacts) else {
      throw CLIError(
        "\(ContactBook.memoryFull): the text of \(result.contacts.count) contacts does not fit;"
          + " nothing imported")
    }
    for contact in result.contacts { _ = try store.add(contact) }
    return (result.contacts.count, result.skippedCards)
  }
}
