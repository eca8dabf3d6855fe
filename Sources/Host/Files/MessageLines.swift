import Board
import Diagnostics
import MessageStore
import SMS
import StateStorage

#if canImport(Glibc)
  import Glibc
#endif

/// What `t9phone messages list` prints: the message store, one message a
/// line, `folder<TAB>from-or-to<TAB>time<TAB>status<TAB>text`, folders in
/// the order inbox, sent, outbox, drafts, oldest first within each.
public enum MessageLines {
  /// The lines of the store in `state` (the XDG default when nil), of
  /// `folder` only when given. A received message's time has the offset
  /// it carried, the others the phone's; a message still missing parts is
  /// listed as `partial` once `partialAfter` seconds passed since its
  /// newest part.
  public static func list(
    state: String?, folder: MessageFolder?, partialAfter: Int = 300
  ) throws -> [String] {
    let path = StateDirectory(option: state).path + "/messages.t9msg"
    guard FileIO.exists(path) else { return [] }
    let bytes = try FileIO.read(path)
    let box: MessageBox
    do {
      box = try MessageBox.open(bytes, name: path).box
    } catch {
      throw CLIError(error.description)
    }
    let now = SMSTimestamp(epochSeconds: Int64(time(nil)))
    var lines: [String] = []
    for each in MessageFolder.allCases where folder == nil || folder == each {
      for message in box.messages(in: each, now: now, partialAfter: partialAfter) {
        var text: [Unicode.Scalar] = []
        box.text(of: message.id, into: &text)
        let who = message.address.length == 0 ? "" : message.address.text
        let when = message.time?.description ?? ""
        lines.append(
          [each.name, who, when, message.status.name, TextEscaping.escape(text)]
            .joined(separator: "\t"))
      }
    }
    return lines
  }
}
