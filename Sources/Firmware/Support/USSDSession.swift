import Vocabulary

/// A USSD session as the phone shows it: what was sent, whether the reply
/// is awaited, and the reply with the state it left the session in.
struct USSDSession {
  /// The code or answer sent last.
  var request: String
  /// Whether the network's reply is awaited.
  var waiting = true
  /// How the session stands after the last reply.
  var status: USSDStatus?
  /// The last reply's text.
  var reply = ""
  /// The code the phone carries out itself, when the session is one
  /// (`*#06#`, `**04*…#`): the modem answers, not the network.
  var phoneCode: PhoneCode?

  /// Whether the network waits for an answer.
  var isMenu: Bool { !waiting && status == .menu }

  /// The words shown for the session's end, after the reply's text if it
  /// has one: nothing for an ordinary reply or menu.
  var closing: String? {
    switch status {
    case .ended?: "Session ended"
    case .notSupported?: "Not supported"
    case .timedOut?: "No reply"
    case .failed?: "Request failed"
    case .done?, .menu?, nil: nil
    }
  }
}
