import CharacterLCD
import ContactBook
import Diagnostics
import KeypadInput
import TextEntry

extension Phone {
  /// How many rows the contact list has: the T9 results for the query
  /// typed (at most 20), else every contact.
  var contactListCount: Int {
    contactSearch.query.isEmpty ? contacts.count : contactSearch.rankedCount
  }

  /// The slot on row `index` of the contact list (no allocation: the list
  /// is read row by row, not copied).
  func contactListSlot(_ index: Int) -> Int? {
    contactSearch.query.isEmpty
      ? contacts.slot(alphabeticalAt: index) : contactSearch.ranked(at: index)?.slot
  }

  mutating func openContacts() {
    contactSearch.clear()
    push(.contacts(ListState()))
  }

  mutating func handleContacts(_ current: ListState, _ gesture: Gesture) {
    var state = current
    let count = contactListCount
    let selected = contactListSlot(state.selected)
    switch (gesture.kind, gesture.key) {
    case (.tap, let key) where key.digit != nil:
      contactSearch.type(Character(key.name), in: contacts)
      state = ListState()
    case (.tap, .up), (.repeatPress, .up):
      state.move(by: -1, count: count, visibleRows: listRows)
    case (.tap, .down), (.repeatPress, .down), (.tap, .hash):
      state.move(by: 1, count: count, visibleRows: listRows)
    case (.tap, .ok), (.longPress, .hash), (.tap, .call):
      guard let selected else { return }
      if gesture.key == .call {
        call(selected, number: 0)
      } else {
        push(.contact(slot: selected, ListState()))
      }
      return
    case (.tap, .back), (.tap, .star):
      if contactSearch.query.isEmpty {
        pop()
        return
      }
      contactSearch.deleteLast()
      state = ListState()
    case (.longPress, .back):
      contactSearch.clear()
      state = ListState()
    case (.longPress, .star), (.tap, .softLeft):
      push(
        .list(
          .contactOptions(slot: selected),
          ListState()))
      return
    case (.tap, .softRight):
      pop()
      return
    default:
      return
    }
    replaceTop(.contacts(state))
  }

  func renderContacts(_ state: ListState, into canvas: inout Canvas) {
    let query = contactSearch.query
    var firstRow = 0
    if geometry.rows > 1 {
      canvas.write("Contacts", row: 0)
      canvas.writeRight(query.isEmpty ? "\(contacts.count)" : query, row: 0)
      firstRow = 1
    }
    let count = contactListCount
    guard count > 0 else {
      canvas.write(query.isEmpty ? "(no contacts)" : "(no match)", row: firstRow)
      return
    }
    for offset in 0..<listRows {
      let index = state.top + offset
      // A filtered row is a result with what matched; an unfiltered one a name.
      let result = query.isEmpty ? nil : contactSearch.result(at: index, in: contacts)
      guard index < count, let slot = result?.slot ?? contactListSlot(index),
        let contact = contacts.contact(at: slot)
      else { break }
      let row = firstRow + offset
      canvas[row, 0] = index == state.selected ? "→" : " "
      let text = result.map { Phone.shown($0, contact) } ?? contact.name
      canvas.write(text, row: row, column: 1, width: geometry.columns - 2)
      if offset == 0 && state.top > 0 {
        canvas[row, geometry.columns - 1] = "↑"
      } else if offset == listRows - 1 && index < count - 1 {
        canvas[row, geometry.columns - 1] = "↓"
      }
    }
  }

  /// A result as the glass shows it: the name (or, for a number match, the
  /// number) with each matched run in brackets.
  static func shown(_ result: ContactResult, _ contact: Contact) -> String {
    if result.highlightsNumber, let index = result.numberIndex {
      return result.bracketed(contact.numbers[index].text)
    }
    return result.bracketed(contact.name)
  }

  // MARK: - One contact

  mutating func handleContact(_ slot: Int, _ current: ListState, _ gesture: Gesture) {
    guard let contact = contacts.contact(at: slot) else {
      pop()
      return
    }
    var state = current
    let count = contact.numbers.count
    switch (gesture.kind, gesture.key) {
    case (.tap, .up), (.repeatPress, .up):
      state.move(by: -1, count: count, visibleRows: listRows)
    case (.tap, .down), (.repeatPress, .down), (.tap, .hash):
      state.move(by: 1, count: count, visibleRows: listRows)
    case (.tap, let key) where key.digit != nil && key != .zero:
      let index = Int(key.digit ?? 1) - 1
      guard index < count else {
        show(notice: "No number \(index + 1)")
        return
      }
      state.selected = index
      state.scroll(visibleRows: listRows)
    case (.tap, .ok), (.tap, .call), (.longPress, .hash):
      guard count > 0 else {
        show(notice: "No number")
        return
      }
      call(slot, number: state.selected)
      return
    case (.longPress, .star), (.tap, .softLeft):
      push(.list(.contactOptions(slot: slot), ListState()))
      return
    case (.tap, .back), (.tap, .star), (.tap, .softRight):
      pop()
      return
    default:
      return
    }
    replaceTop(.contact(slot: slot, state))
  }

  func renderContact(_ slot: Int, _ state: ListState, into canvas: inout Canvas) {
    guard let contact = contacts.contact(at: slot) else { return }
    var firstRow = 0
    if geometry.rows > 1 {
      canvas.write((contact.starred ? "*" : "") + contact.name, row: 0)
      firstRow = 1
    }
    guard !contact.numbers.isEmpty else {
      canvas.write("(no number)", row: firstRow)
      return
    }
    for offset in 0..<listRows {
      let index = state.top + offset
      guard index < contact.numbers.count else { break }
      let number = contact.numbers[index]
      let row = firstRow + offset
      canvas[row, 0] = index == state.selected ? "→" : " "
      canvas.write(Phone.labelLetter(number.label) + " " + number.text, row: row, column: 1)
    }
  }

  static func labelLetter(_ label: PhoneNumber.Label) -> String {
    switch label {
    case .mobile: "M"
    case .home: "H"
    case .work: "W"
    case .other: "O"
    }
  }

  // MARK: - Options

  mutating func chooseContactOption(_ slot: Int?, item: Int) {
    pop()  // the options
    guard let slot, let contact = contacts.contact(at: slot) else {
      openContactEditor(.contactName(slot: nil), text: "")
      return
    }
    switch item {
    case 0: openContactEditor(.contactName(slot: nil), text: "")
    case 1: openContactEditor(.contactName(slot: slot), text: contact.name)
    case 2:
      guard contact.numbers.count < Contact.maximumNumbers else {
        show(notice: "4 numbers already")
        return
      }
      openContactEditor(.contactNumber(slot: slot, index: contact.numbers.count), text: "")
    case 3:
      guard !contact.numbers.isEmpty else {
        show(notice: "No number")
        return
      }
      var index = 0
      if case .contact(_, let state) = top {
        index = Swift.min(state.selected, contact.numbers.count - 1)
      }
      openContactEditor(.contactNumber(slot: slot, index: index), text: contact.numbers[index].text)
    case 4:
      var changed = contact
      changed.starred.toggle()
      store(changed, at: slot)
      show(notice: changed.starred ? "Starred" : "Unstarred")
    default:
      var no = ListState(selected: 1)
      no.scroll(visibleRows: listRows)
      push(.list(.confirmDelete(slot: slot), no))
    }
  }

  mutating func confirmDelete(_ slot: Int, yes: Bool) {
    pop()
    guard yes, let contact = contacts.contact(at: slot) else { return }
    do {
      try contacts.delete(at: slot)
    } catch {
      show(notice: error.message)
      return
    }
    if let bookFile {
      var file = bookFile
      bookWrites.append(
        file.write(contact, slot: slot, order: contacts.insertionOrder(of: slot), deleted: true))
      self.bookFile = file
    }
    if case .contact = top { pop() }
    show(notice: "Deleted")
  }

  mutating func openContactEditor(_ kind: EditorKind, text: String) {
    editorTopLine = 0
    if case .contactNumber = kind {
      field = TextEditor(
        contentType: .phone, capacity: Phone.numberCapacity + 16,
        multitapTimeout: settings.multitapTimeout)
    } else {
      field = TextEditor(
        contentType: .name, capacity: Phone.nameCapacity,
        multitapTimeout: settings.multitapTimeout, language: settings.language,
        predictor: predictor)
    }
    field.setText(text)
    push(.editor(kind))
  }

  /// Saves a contact field; a refused contact shows why and stays in the
  /// editor.
  mutating func saveContactField(_ kind: EditorKind) {
    field.commitPending()
    let text = field.text
    switch kind {
    case .contactName(let slot):
      var contact = slot.flatMap { contacts.contact(at: $0) } ?? Contact(name: text)
      contact.name = text
      if let slot {
        guard store(contact, at: slot) else { return }
        pop()
      } else {
        guard let added = add(contact) else { return }
        pop()
        push(.contact(slot: added, ListState()))
      }
    case .contactNumber(let slot, let index):
      guard var contact = contacts.contact(at: slot) else { return }
      if index < contact.numbers.count {
        if text.isEmpty {
          contact.numbers.remove(at: index)
        } else {
          contact.numbers[index].text = text
        }
      } else {
        contact.numbers.append(PhoneNumber(text))
      }
      guard store(contact, at: slot) else { return }
      pop()
    default:
      return
    }
    show(notice: "Saved")
  }

  /// Stores a changed contact (and its record write); false, with a
  /// notice, if the book refuses it.
  @discardableResult
  mutating func store(_ contact: Contact, at slot: Int) -> Bool {
    if let problem = BookRecord.problem(with: contact) {
      show(notice: problem)
      return false
    }
    do {
      try contacts.update(contact, at: slot)
    } catch {
      show(notice: error.message)
      return false
    }
    recordWrite(slot)
    return true
  }

  mutating func add(_ contact: Contact) -> Int? {
    if let problem = BookRecord.problem(with: contact) {
      show(notice: problem)
      return nil
    }
    do {
      let slot = try contacts.add(contact)
      recordWrite(slot)
      log(.info, LogTag("contacts", "book"), "added \(contact.name)")
      return slot
    } catch {
      show(notice: error.message)
      return nil
    }
  }

  mutating func recordWrite(_ slot: Int) {
    guard var file = bookFile, let contact = contacts.contact(at: slot) else { return }
    bookWrites.append(file.write(contact, slot: slot, order: contacts.insertionOrder(of: slot)))
    bookFile = file
  }

  // MARK: - Calls

  /// Calls a contact's number: the call screen until `end`, and the
  /// contact's times used and last used go up.
  mutating func call(_ slot: Int, number: Int) {
    guard let contact = contacts.contact(at: slot), number < contact.numbers.count else { return }
    callNumber = contact.numbers[number].text
    contacts.recordCall(at: slot, time: settings.epochAtStart + now.microseconds / 1_000_000)
    recordWrite(slot)
    log(.info, LogTag("contacts", "call"), "calling \(contact.name) \(callNumber)")
    push(.calling(slot: slot))
  }

  mutating func handleCalling(_ gesture: Gesture) {
    guard gesture.kind == .tap else { return }
    switch gesture.key {
    case .star, .back, .softRight: goIdle()
    default: break
    }
  }

  func renderCalling(_ slot: Int?, into canvas: inout Canvas) {
    let who = slot.flatMap { contacts.contact(at: $0)?.name } ?? callNumber
    if geometry.rows == 1 {
      canvas.write("Calling " + who, row: 0)
      return
    }
    canvas.write("Calling", row: 0)
    canvas.write(who, row: 1)
    if geometry.rows > 2, slot != nil { canvas.write(callNumber, row: 2) }
    canvas.write(geometry.rows > 2 ? "End: * or end" : "", row: geometry.rows - 1)
  }
}
