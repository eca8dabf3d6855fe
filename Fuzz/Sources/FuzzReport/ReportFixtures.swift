import ContactBook
import T9Engine
import TextEntry

/// What a replay loads from files in `t9phone test`, made once in memory:
/// a dictionary of common English words and a small contact book.
enum ReportFixtures {
  /// English T9 over a few dozen words (the fuzzer's scenarios type
  /// anything; the words only need to give T9 something to predict).
  static let dictionaries: [Language: T9Dictionary] = {
    let words = [
      "the", "of", "and", "to", "in", "is", "you", "that", "it", "he", "was", "for", "on", "are",
      "as", "with", "his", "they", "at", "be", "this", "have", "from", "or", "one", "had", "by",
      "word", "but", "not", "what", "all", "were", "we", "when", "your", "can", "said", "there",
      "use", "an", "each", "which", "she", "do", "how", "their", "if", "will", "up", "home",
      "good", "gone", "hood", "hoof", "inn", "ink", "me", "of", "od", "ne",
    ]
    var seen: Set<String> = []
    var source = ""
    for (rank, word) in words.enumerated() where seen.insert(word).inserted {
      let zipf = 700 - 5 * rank
      let hundredths = zipf % 100
      source += "\(word)\t\(zipf / 100).\(hundredths < 10 ? "0" : "")\(hundredths)\n"
    }
    guard
      let bytes = try? T9DictionaryBuilder.build(source: source, language: "en", file: "fuzz.tsv"),
      let dictionary = try? T9Dictionary(bytes: bytes, name: "fuzz.t9dict")
    else { fatalError("the fuzz dictionary does not build") }
    return [.english: dictionary]
  }()

  /// Three contacts, as `Scenarios/fixtures/contacts.vcf` might hold.
  static let contacts: ContactBook = {
    guard var book = try? ContactBook(capacity: 16) else { fatalError("no contact book") }
    let contacts = [
      Contact(name: "Alice Moreau", numbers: [PhoneNumber("+33 6 12 34 56 78")], starred: true),
      Contact(name: "Bob Ng", numbers: [PhoneNumber("555-0100", label: .home)]),
      Contact(name: "Zoë Ødegaard", numbers: [PhoneNumber("0612345678")], nickname: "Zo"),
    ]
    for contact in contacts {
      guard (try? book.add(contact)) != nil else { fatalError("a fixture contact is refused") }
    }
    return book
  }()
}
