import KeypadInput
import ScenarioText

/// Reads the arguments of one scenario line, turning every mistake into a
/// `file:line:col` error.
struct TokenReader {
  let tokens: [ScenarioToken]
  let file: String
  let line: Int
  private var position = 0

  init(tokens: [ScenarioToken], file: String, line: Int) {
    self.tokens = tokens
    self.file = file
    self.line = line
  }

  var hasMore: Bool { position < tokens.count }

  var peekWord: String? { hasMore && !tokens[position].quoted ? tokens[position].text : nil }

  mutating func next() { position += 1 }

  var endLocation: SourceLocation {
    let column: Int
    if let last = tokens.last {
      column = last.column + last.text.count + (last.quoted ? 2 : 0)
    } else {
      column = 1
    }
    return SourceLocation(file: file, line: line, column: column)
  }

  func error(_ message: String, at token: ScenarioToken) -> ScenarioError {
    ScenarioError(message, at: SourceLocation(file: file, line: line, column: token.column))
  }

  mutating func token(_ what: String) throws(ScenarioError) -> ScenarioToken {
    guard hasMore else { throw ScenarioError("expected \(what)", at: endLocation) }
    let token = tokens[position]
    position += 1
    return token
  }

  mutating func word(_ what: String) throws(ScenarioError) -> ScenarioToken {
    let token = try token(what)
    guard !token.quoted else { throw error("expected \(what), found a string", at: token) }
    return token
  }

  mutating func stringToken() throws(ScenarioError) -> ScenarioToken {
    let token = try token("a \"quoted\" string")
    guard token.quoted else {
      throw error("expected a \"quoted\" string, found '\(token.text)'", at: token)
    }
    return token
  }

  mutating func string() throws(ScenarioError) -> String { try stringToken().text }

  mutating func key() throws(ScenarioError) -> Key {
    let token = try word("a key")
    guard let key = Key(rawValue: token.text) else {
      throw error(
        "unknown key '\(token.text)' (0-9, *, #, \(Key.allCases.filter { !$0.isTwelveKey }.map { $0.name }.joined(separator: ", ")))",
        at: token)
    }
    return key
  }

  mutating func integer(_ what: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
    let token = try word(what)
    guard let value = Int(token.text) else {
      throw error("expected \(what), found '\(token.text)'", at: token)
    }
    guard range.contains(value) else {
      throw error("\(value) is out of range \(range.lowerBound)...\(range.upperBound)", at: token)
    }
    return value
  }

  mutating func duration() throws(ScenarioError) -> Duration {
    let token = try word("a duration like 80ms, 1.5s or 2s")
    guard let duration = DurationParser.parse(token.text) else {
      throw error("bad duration '\(token.text)' (write 80ms, 1.5s or 2s)", at: token)
    }
    return duration
  }

  /// Fails if arguments are left over.
  func finish() throws(ScenarioError) {
    guard hasMore else { return }
    throw error("unexpected '\(tokens[position].text)'", at: tokens[position])
  }
}
