import Diagnostics
import Vocabulary

/// What the runtime hands the phone about USSD from the modem.
extension Phone {
  /// The network replied (or the request failed or timed out): the
  /// session's screen shows it. A reply with no screen open (the network
  /// started the session) opens one over whatever is shown.
  public mutating func ussdReplied(_ status: USSDStatus, text: String) {
    drawingRevision &+= 1
    context.log(
      .info, LogTag("ussd", "reply"),
      "\(status.name)\(text.isEmpty ? "" : ": \(text.unicodeScalars.count) characters")")
    guard let index = ussdScreenIndex else {
      guard !text.isEmpty else { return }
      var session = USSDSession(request: "")
      session.waiting = false
      session.status = status
      session.reply = text
      context.services.ussd = session
      light()
      push(.ussd(USSDScreen(closesDialer: false)))
      return
    }
    context.services.ussd?.waiting = false
    context.services.ussd?.status = status
    context.services.ussd?.reply = text
    if case .ussd(var screen) = stack[index] {
      screen.replied()
      stack[index] = .ussd(screen)
    }
    light()
  }

  /// The modem carried out a phone code (or refused it): its screen says
  /// what happened.
  public mutating func phoneCodeDone(_ done: Bool, text: String) {
    drawingRevision &+= 1
    guard let code = context.services.ussd?.phoneCode else { return }
    let reply: String
    switch code {
    case .imei: reply = done && !text.isEmpty ? "IMEI\n" + text : "IMEI unknown"
    case .changePIN: reply = done ? "PIN changed" : "PIN not changed"
    case .unblockPIN: reply = done ? "PIN unblocked" : "PIN not unblocked"
    }
    context.log(.info, LogTag("ussd", "code"), done ? "done" : "refused")
    context.services.ussd?.waiting = false
    context.services.ussd?.status = .done
    context.services.ussd?.reply = reply
  }

  /// The USSD session's text as shown, if a session is open.
  public var ussdText: String? {
    guard let index = ussdScreenIndex, case .ussd(let screen) = stack[index],
      let session = context.services.ussd
    else { return nil }
    return screen.shownText(session)
  }

  /// Where the USSD screen is on the stack, if one is open.
  var ussdScreenIndex: Int? {
    stack.lastIndex { if case .ussd = $0 { return true } else { return false } }
  }

  /// `end` from anywhere: a session still open is ended on the network.
  mutating func endUSSDSession() {
    guard let session = context.services.ussd else { return }
    if session.waiting || session.isMenu {
      context.services.requestModem(.endUSSD)
      context.log(.info, LogTag("ussd", "end"), "session ended here")
    }
    context.services.ussd = nil
  }
}
