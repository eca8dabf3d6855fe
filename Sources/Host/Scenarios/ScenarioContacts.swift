import Board
import ContactBook
import Scenario

/// Loads the contact book a scenario names (`contacts PATH.vcf`, relative
/// to the scenario file).
public enum ScenarioContacts {
  /// The book, or nil when the scenario names none. Every card must import
  /// (cut to fit is fine: a scenario may show it).
  public static func load(_ scenario: Scenario, from scenarioFile: String) throws -> ContactBook? {
    guard let name = scenario.contactsFile else {
      guard let capacity = scenario.contactsCapacity else { return nil }
      do {
        return try ContactBook(capacity: capacity)
      } catch {
        throw CLIError(error.message)
      }
    }
    let path = name.hasPrefix("/") ? name : FileIO.directory(of: scenarioFile) + "/" + name
    let result = try VCardFiles.read(path)
    if let issue = result.issues.first(where: { $0.kind != .changed }) {
      throw CLIError("\(path):\(issue.line): \(issue.message)")
    }
    var book: ContactBook
    do {
      book = try ContactBook(
        capacity: scenario.contactsCapacity
          ?? Swift.max(ContactBook.defaultCapacity, result.contacts.count))
      for contact in result.contacts { try book.add(contact) }
    } catch {
      throw CLIError("\(path): \(error.message)")
    }
    return book
  }
}
