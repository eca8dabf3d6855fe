import ContactBook
import Scenario

/// Loads the contact book a scenario names (`contacts PATH.vcf`, relative
/// to the scenario file).
enum ScenarioContacts {
  /// The book, or nil when the scenario names none. Every card must import.
  static func load(_ scenario: Scenario, from scenarioFile: String) throws -> ContactBook? {
    guard let name = scenario.contactsFile else {
      guard let capacity = scenario.contactsCapacity else { return nil }
      do {
        return try ContactBook(capacity: capacity)
      } catch {
        throw CLIError(error.message)
      }
    }
    let path = name.hasPrefix("/") ? name : FileIO.directory(of: scenarioFile) + "/" + name
    let result = VCardReader.read(try FileIO.readText(path))
    if let issue = result.issues.first { throw CLIError("\(path):\(issue.line): \(issue.message)") }
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
