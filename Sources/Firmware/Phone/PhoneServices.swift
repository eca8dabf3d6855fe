import CallLog
import ContactBook
import Diagnostics
import MessageStore
import SMS
import T9Engine
import TextEntry
import Vocabulary

/// What every screen shares and outlives any one of them: T9 prediction per
/// language with what the user taught it, the contact book with the writes
/// for its file, and the message draft.
public struct PhoneServices {
  /// T9 prediction per language, for the languages whose dictionary loaded.
  public let predictors: [Language: Predictor]
  /// What T9 learned, per language (none: learning is off). The one copy:
  /// editors are lent their language's store for each call that ranks or
  /// learns, and give it back.
  public internal(set) var learning: LearningStores
  /// The contact book.
  public internal(set) var contacts: ContactBook
  /// The book's file format (nil: the book is not stored).
  var bookFile: BookFile?
  /// The book-file writes not yet taken by the executable.
  var bookWrites: [BookWrite] = []
  /// The messages: inbox, sent, outbox and drafts.
  public internal(set) var messages: MessageBox {
    _read { yield storedMessages.value }
    set { storedMessages.value = newValue }
    _modify { yield &storedMessages.value }
  }
  /// The store on the heap, behind one reference, as the draft is.
  private var storedMessages: Boxed<MessageBox>
  /// The calls dialled, received and missed.
  public internal(set) var callLog: CallLog
  /// The call-log record written last and not yet taken by the runtime
  /// (calls end seconds apart; the runtime takes it after every event).
  var callLogWrite: (offset: Int, bytes: [UInt8])?
  /// Whether a network can take messages now (the modem is ready).
  public internal(set) var networkReady = false
  /// Whether the phone has a modem at all: without one a call screen
  /// shows the number called and nothing happens.
  public internal(set) var hasModem = false
  /// The voice call, as the modem last reported it.
  public internal(set) var callState = CallState.idle
  /// Calls that rang unanswered and have not been seen on the idle screen.
  public internal(set) var missedCalls = 0
  /// What the modem last said of the network (nil: nothing yet, or no
  /// modem).
  public internal(set) var network: NetworkStatus?
  /// The SIM, as the modem last reported it.
  public internal(set) var sim = SIMState.unknown
  /// The USSD session shown, if any.
  var ussd: USSDSession?
  /// Requests for the modem (dial, answer, hang up, tones) the runtime
  /// has not taken yet.
  var modemRequests: [ModemRequest] = []
  /// The recipient the message being written goes to (a reply), if
  /// chosen already.
  var recipient: PhoneAddress?
  /// The message whose sending the user is waiting to hear about.
  var sending: UInt32?
  /// The number a new contact gets (a message's sender saved).
  var numberToSave: String?
  /// Whether the message editor, closing, empties the draft (it was sent
  /// or kept in drafts).
  var discardDraft = false
  /// The message being written, kept while its editor is closed.
  var draft: TextEditor {
    _read { yield storedDraft.value }
    set { storedDraft.value = newValue }
    _modify { yield &storedDraft.value }
  }
  /// The draft on the heap, behind one reference: the services travel in
  /// the screen context screens are handed, and with the 2 KB editor inline
  /// the replay soak runs 3% more instructions a key press.
  private var storedDraft: Boxed<TextEditor>

  /// Services over `predictors` and `contacts`, with an empty draft.
  init(
    predictors: [Language: Predictor], learning: [Language: UserDictionary],
    contacts: ContactBook, bookFile: BookFile?, messages: MessageBox, callLog: CallLog,
    settings: PhoneSettings
  ) {
    self.storedMessages = Boxed(messages)
    self.callLog = callLog
    self.predictors = predictors
    self.learning = LearningStores(learning)
    self.contacts = contacts
    self.bookFile = bookFile
    self.bookWrites.reserveCapacity(4)
    self.modemRequests.reserveCapacity(Self.modemRequestCapacity)
    self.storedDraft = Boxed(
      PhoneServices.emptyMessage(settings, predictor: predictors[settings.language]))
  }

  /// Requests for the modem waiting at most: more (tones typed faster than
  /// the runtime takes them, which it never is) are refused.
  static let modemRequestCapacity = 16

  /// Asks the modem for `request` (with one): `false` when there is no
  /// modem or the queue is full.
  @discardableResult
  mutating func requestModem(_ request: ModemRequest) -> Bool {
    guard hasModem, modemRequests.count < Self.modemRequestCapacity else { return false }
    modemRequests.append(request)
    return true
  }

  /// The predictor for `language`, if its dictionary loaded.
  public func predictor(for language: Language) -> Predictor? { predictors[language] }

  /// An empty message in the default input mode.
  private static func emptyMessage(_ settings: PhoneSettings, predictor: Predictor?) -> TextEditor {
    var editor = TextEditor(
      contentType: .text, capacity: Phone.messageCapacity,
      multitapTimeout: settings.multitapTimeout, language: settings.language,
      predictor: predictor, mode: settings.defaultMode)
    editor.lengthLimit = .sms
    var nothingComposed: UserDictionary?
    editor.setMode(
      settings.defaultMode, letterCase: settings.defaultCase, learning: &nothingComposed)
    return editor
  }

  /// Commits what the draft was composing, learned in `language`'s store.
  mutating func commitDraft(learningIn language: Language) {
    storedDraft.value.commitPending(learning: &learning[language])
  }

  /// Takes the book-file writes made since the last call.
  mutating func takeBookWrites() -> [BookWrite] {
    // Most calls find none: hand out no share of the reserved storage, or
    // emptying it would allocate a new one (at every key press of a run).
    guard !bookWrites.isEmpty else { return [] }
    defer { bookWrites.removeAll(keepingCapacity: true) }
    return bookWrites
  }

  // MARK: - Messages

  /// Queues `text` to `recipient` in the outbox (or keeps it in drafts):
  /// the notice that says what happened. The message editor, closing,
  /// empties the draft when it was stored.
  mutating func send(
    _ text: [Unicode.Scalar], to recipient: PhoneAddress, asDraft: Bool, now: SMSTimestamp,
    log: Log
  ) -> String {
    switch messages.compose(to: recipient, text: text, asDraft: asDraft, now: now) {
    case .full:
      return "Messages full"
    case .stored(let id):
      discardDraft = true
      self.recipient = nil
      if asDraft { return "Saved to drafts" }
      log(.info, LogTag("messages", "outbox"), "message \(id) to \(recipient.text) queued")
      guard networkReady else { return "Not sent: in outbox" }
      sending = id
      return "Sending..."
    }
  }

  // MARK: - Book changes

  /// Stores a changed contact and its record write; the notice that says
  /// why when the book refuses it.
  mutating func store(_ contact: Contact, at slot: Int) -> String? {
    if let problem = BookRecord.problem(with: contact) { return problem }
    do {
      try contacts.update(contact, at: slot)
    } catch {
      return error.message
    }
    recordWrite(slot)
    return nil
  }

  /// Adds a contact: its slot, or the notice that says why the book refuses it.
  mutating func add(_ contact: Contact, log: Log) -> (slot: Int?, problem: String?) {
    if let problem = BookRecord.problem(with: contact) { return (nil, problem) }
    do {
      let slot = try contacts.add(contact)
      recordWrite(slot)
      log(.info, LogTag("contacts", "book"), "added \(contact.name)")
      return (slot, nil)
    } catch {
      return (nil, error.message)
    }
  }

  /// Deletes the contact in `slot`; the notice that says why it could not be.
  mutating func delete(at slot: Int) -> String? {
    guard let contact = contacts.contact(at: slot) else { return nil }
    do {
      try contacts.delete(at: slot)
    } catch {
      return error.message
    }
    if var file = bookFile {
      bookWrites.append(
        file.write(contact, slot: slot, order: contacts.insertionOrder(of: slot), deleted: true))
      bookFile = file
    }
    return nil
  }

  /// Counts a call to the contact in `slot` at `time` (seconds since 1970).
  mutating func recordCall(at slot: Int, time: Int64) {
    contacts.recordCall(at: slot, time: time)
    recordWrite(slot)
  }

  private mutating func recordWrite(_ slot: Int) {
    guard var file = bookFile, let contact = contacts.contact(at: slot) else { return }
    bookWrites.append(file.write(contact, slot: slot, order: contacts.insertionOrder(of: slot)))
    bookFile = file
  }
}
