import CharacterLCD
import Diagnostics
import KeypadInput
import Vocabulary

/// A USSD session: the code sent, then the network's reply wrapped over the
/// rows and scrolled with the arrows (or `2`/`8`). When the network waits
/// for an answer (a menu), a digit or `ok` opens the answer, typed in
/// digits by default (`#` changes to T9 or letters) and sent with `ok`; as
/// many rounds as the menu has. `end`, `back` or the right soft key ends
/// the session (`AT+CUSD=2` while the network still listens).
public struct USSDScreen {
  /// The first line of the reply shown.
  var top = 0
  /// Whether the dialer under the screen closes with it.
  let closesDialer: Bool

  /// Whether `text` is a USSD code: it starts with `*` or `#` and ends
  /// with `#`, with digits, `*` and `#` between.
  static func isCode(_ text: String) -> Bool {
    let scalars = text.unicodeScalars
    guard scalars.count >= 2, let first = scalars.first, first == "*" || first == "#",
      scalars.last == "#"
    else { return false }
    return scalars.allSatisfy { ("0"..."9").contains($0) || $0 == "*" || $0 == "#" }
  }

  /// Sends `code` and opens the session's screen; without a modem, or
  /// with one that cannot take it, the screen says the request failed.
  static func start(_ code: String, fromDialer: Bool, _ context: inout ScreenContext) -> Screen {
    var session = USSDSession(request: code)
    if context.services.requestModem(.ussd(code)) {
      context.log(.info, LogTag("ussd", "request"), "sending \(code)")
    } else {
      session.waiting = false
      session.status = .failed
    }
    context.services.ussd = session
    return .ussd(USSDScreen(closesDialer: fromDialer))
  }

  /// Carries out a code the phone handles itself: its outcome shows as a
  /// reply would.
  static func start(
    _ code: PhoneCode, text: String, fromDialer: Bool, _ context: inout ScreenContext
  )
    -> Screen
  {
    var session = USSDSession(request: text)
    session.phoneCode = code
    if !context.services.requestModem(.phoneCode(code)) {
      session.waiting = false
      session.status = .failed
    }
    context.services.ussd = session
    return .ussd(USSDScreen(closesDialer: fromDialer))
  }

  /// Sends the answer typed in a menu: the editor closes, and the screen
  /// waits for the next reply.
  static func answer(_ text: String, _ context: inout ScreenContext) -> ScreenAction {
    guard !text.isEmpty, context.services.ussd?.isMenu == true else { return .pop }
    guard context.services.requestModem(.ussd(text)) else {
      context.services.ussd?.waiting = false
      context.services.ussd?.status = .failed
      return .pop
    }
    context.log(.info, LogTag("ussd", "request"), "answering \(text)")
    context.services.ussd = USSDSession(request: text)
    return .pop
  }

  /// The screens that close with this one.
  var screensClosed: Int { closesDialer ? 2 : 1 }

  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    guard let session = context.services.ussd else { return ScreenAction(.pop(screensClosed)) }
    switch (gesture.kind, gesture.key) {
    case (.tap, .up), (.repeatPress, .up):
      top = Swift.max(0, top - 1)
    case (.tap, .two) where !session.isMenu:
      top = Swift.max(0, top - 1)
    case (.tap, .down), (.repeatPress, .down):
      top = Swift.min(Swift.max(0, lines(session, context) - textRows(context)), top + 1)
    case (.tap, .eight) where !session.isMenu:
      top = Swift.min(Swift.max(0, lines(session, context) - textRows(context)), top + 1)
    case (.tap, .end), (.tap, .back), (.tap, .softRight):
      if session.waiting || session.isMenu {
        context.services.requestModem(.endUSSD)
        context.log(.info, LogTag("ussd", "end"), "session ended here")
      }
      context.services.ussd = nil
      return ScreenAction(.pop(screensClosed))
    case (.tap, .ok), (.tap, .softLeft), (.tap, .call):
      if session.isMenu { return .push(.editor(EditorScreen(ussdAnswerTyping: nil, &context))) }
      guard !session.waiting else { return .none }
      context.services.ussd = nil
      return ScreenAction(.pop(screensClosed))
    case (.tap, let key) where session.isMenu && key.digit != nil:
      return .push(.editor(EditorScreen(ussdAnswerTyping: gesture, &context)))
    default:
      break
    }
    return .none
  }

  /// A new reply arrived: it is read from its first line.
  mutating func replied() { top = 0 }

  // MARK: - Drawing

  /// The text shown: the reply, then what ended the session.
  func shownText(_ session: USSDSession) -> String {
    if session.waiting { return session.request + "\nPlease wait" }
    guard let closing = session.closing else { return session.reply }
    return session.reply.isEmpty ? closing : session.reply + "\n" + closing
  }

  private func textRows(_ context: ScreenContext) -> Int {
    let rows = context.geometry.rows
    return rows > 2 ? rows - 1 : rows
  }

  /// Lines the text takes, wrapped one column narrower than the glass
  /// (the last column holds the scroll marks).
  private func lines(_ session: USSDSession, _ context: ScreenContext) -> Int {
    var lines = 0
    walk(shownText(session), width: context.geometry.columns - 1) { line, _, _ in
      lines = line + 1
    }
    return lines
  }

  /// Calls `body` with the line, column and character of each character
  /// shown, wrapping at `width` and at line breaks.
  private func walk(_ text: String, width: Int, _ body: (Int, Int, Unicode.Scalar) -> Void) {
    var line = 0
    var column = 0
    for scalar in text.unicodeScalars {
      if scalar == "\n" {
        line += 1
        column = 0
        continue
      }
      if column == width {
        line += 1
        column = 0
      }
      body(line, column, scalar)
      column += 1
    }
  }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    guard let session = context.services.ussd else { return }
    // An answer sent: its "Please wait" is read from the top.
    let top = session.waiting ? 0 : self.top
    let geometry = context.geometry
    let rows = textRows(context)
    walk(shownText(session), width: geometry.columns - 1) { line, column, scalar in
      let row = line - top
      if row >= 0, row < rows { canvas[row, column] = scalar }
    }
    if top > 0 { canvas[0, geometry.columns - 1] = "↑" }
    if lines(session, context) > top + rows { canvas[rows - 1, geometry.columns - 1] = "↓" }
    guard geometry.rows > 2 else { return }
    let last = geometry.rows - 1
    if session.isMenu {
      canvas.write("Reply", row: last)
      canvas.writeRight("Exit", row: last)
    } else if session.waiting {
      canvas.writeRight("Cancel", row: last)
    } else {
      canvas.write("OK", row: last)
    }
  }
}
