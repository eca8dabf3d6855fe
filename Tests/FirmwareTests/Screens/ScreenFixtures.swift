import CharacterLCD
import ContactBook
import Firmware
import KeypadInput

/// A small book: John Smith (two numbers), Joan Smith, Mama (starred).
func sampleBook() throws -> ContactBook {
  var book = try ContactBook(capacity: 10)
  _ = try book.add(
    Contact(
      name: "John Smith",
      numbers: [PhoneNumber("+1 555 0104477"), PhoneNumber("+1 555 0102000", label: .work)]))
  _ = try book.add(Contact(name: "Joan Smith", numbers: [PhoneNumber("+1 555 0103391")]))
  _ = try book.add(Contact(name: "Mama", numbers: [PhoneNumber("0812 555 0001")], starred: true))
  return book
}

extension Phone {
  /// The dialer on top, if it is.
  var dialerScreen: DialerScreen? {
    if case .dialer(let screen) = top { return screen }
    return nil
  }

  /// The contact list on top, if it is.
  var contactsScreen: ContactsScreen? {
    if case .contacts(let screen) = top { return screen }
    return nil
  }

  /// The menu on top, if it is.
  var menuScreen: MenuScreen? {
    if case .menu(let screen) = top { return screen }
    return nil
  }

  /// The editor on top, if it is.
  var editorScreen: EditorScreen? {
    if case .editor(let screen) = top { return screen }
    return nil
  }
}

/// The digit key that picks the item at 1-based `position` of a list.
func digitKey(_ position: Int) -> Key { Key(digit: position) ?? .zero }

/// The 20x4 module.
let lcd20x4 = LCDGeometry(columns: 20, rows: 4) ?? .lcd16x2
