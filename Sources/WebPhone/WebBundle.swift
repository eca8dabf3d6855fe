/// What one replay in the WebAssembly module needs, in one byte string the
/// page or a headless runner hands it: a scenario, the contact file it
/// names, and the compiled dictionaries.
///
/// The format: the line `t9phone-web-bundle 1`, then sections, each a line
/// `NAME LENGTH` and LENGTH bytes with a newline after them. Names:
/// `scenario FILE` (the scenario's text, named as its file for messages),
/// `contacts` (the vCard text it loads), `dictionary CODE` (a `.t9dict`),
/// `pairs CODE` (its next-word table, a `.t9pairs`), and for a page's phone its saved state: `learned CODE` (a `.t9user`)
/// and `messages` (the message store's file).
public struct WebBundle: Sendable {
  /// The scenario's file name, for messages.
  public var scenarioFile = "scenario"
  /// The scenario's text.
  public var scenario: [UInt8] = []
  /// The contact file's text, if the scenario loads one.
  public var contacts: [UInt8]?
  /// Compiled dictionaries by language code.
  public var dictionaries: [(code: String, bytes: [UInt8])] = []
  /// The dictionaries' next-word tables by language code.
  public var pairs: [(code: String, bytes: [UInt8])] = []
  /// What T9 learned, a `.t9user` file per language code (a page's saved
  /// state; a scenario starts with none).
  public var learned: [(code: String, bytes: [UInt8])] = []
  /// The message store's file (a page's saved state).
  public var messages: [UInt8]?

  /// An empty bundle.
  public init() {}

  /// The first line of every bundle.
  public static let magic = "t9phone-web-bundle 1"

  /// The bundle's bytes.
  public func encoded() -> [UInt8] {
    var bytes = Array((Self.magic + "\n").utf8)
    func section(_ header: String, _ body: [UInt8]) {
      bytes += Array("\(header) \(body.count)\n".utf8)
      bytes += body
      bytes.append(0x0A)
    }
    section("scenario " + scenarioFile, scenario)
    if let contacts { section("contacts", contacts) }
    for dictionary in dictionaries { section("dictionary " + dictionary.code, dictionary.bytes) }
    for table in pairs { section("pairs " + table.code, table.bytes) }
    for store in learned { section("learned " + store.code, store.bytes) }
    if let messages { section("messages", messages) }
    return bytes
  }

  /// The bundle `bytes` hold, or why they are none.
  public static func decode(_ bytes: [UInt8]) -> Result<WebBundle, WebBundleError> {
    var index = 0
    func line() -> String? {
      guard let end = bytes[index...].firstIndex(of: 0x0A) else { return nil }
      defer { index = end + 1 }
      return String(decoding: bytes[index..<end], as: UTF8.self)
    }
    guard line() == magic else { return .failure(WebBundleError("not a t9phone web bundle")) }
    var bundle = WebBundle()
    var sawScenario = false
    while index < bytes.count {
      guard let header = line() else { return .failure(WebBundleError("a section has no header")) }
      // NAME [ARGUMENT] LENGTH: the argument (a file name) may hold spaces.
      guard let lastSpace = header.utf8.lastIndex(of: 0x20),
        let length = Int(String(header[header.index(after: lastSpace)...])), length >= 0,
        length <= bytes.count - index - 1, bytes[index + length] == 0x0A
      else { return .failure(WebBundleError("bad section '\(header)'")) }
      let body = Array(bytes[index..<(index + length)])
      index += length + 1
      let head = header[..<lastSpace]
      let nameEnd = head.utf8.firstIndex(of: 0x20) ?? head.endIndex
      let name = String(head[..<nameEnd])
      let argument = nameEnd == head.endIndex ? "" : String(head[head.index(after: nameEnd)...])
      switch name {
      case "scenario" where !argument.isEmpty:
        bundle.scenarioFile = argument
        bundle.scenario = body
        sawScenario = true
      case "contacts": bundle.contacts = body
      case "dictionary" where !argument.isEmpty: bundle.dictionaries.append((argument, body))
      case "pairs" where !argument.isEmpty: bundle.pairs.append((argument, body))
      case "learned" where !argument.isEmpty: bundle.learned.append((argument, body))
      case "messages": bundle.messages = body
      default: return .failure(WebBundleError("unknown section '\(name)'"))
      }
    }
    guard sawScenario else { return .failure(WebBundleError("the bundle has no scenario")) }
    return .success(bundle)
  }
}

/// Why bytes are not a web bundle.
public struct WebBundleError: Error, Sendable, Hashable {
  /// What is wrong.
  public let message: String

  /// An error saying `message`.
  public init(_ message: String) { self.message = message }
}
