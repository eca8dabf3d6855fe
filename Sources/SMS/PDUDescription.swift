/// A decoded PDU as `sms decode` prints it: one `name: value` line a
/// field, in a fixed order, each ended by a line feed.
public enum PDUDescription {
  /// The lines for `fields` and `text`: `type`, `from` (a delivered
  /// message's sender) or `to` (a submitted message's recipient, or the
  /// recipient a status report is about), `time`,
  /// `encoding`, `part` (only for a part of a longer message), `status`
  /// (status reports only), `text`.
  public static func lines(_ fields: PDUFields, text: [Unicode.Scalar]) -> String {
    var result = "type: \(fields.kind.name)\n"
    result += fields.kind == .deliver ? "from: " : "to: "
    result += fields.address.text + "\n"
    if let time = fields.time { result += "time: \(time)\n" }
    result += "encoding: \(fields.coding.isCompressed ? "8bit" : fields.coding.alphabet.name)\n"
    if let part = fields.concatenation {
      result += "part: \(part.sequence)/\(part.total) ref \(part.reference)\n"
    }
    if let status = fields.status { result += "status: \(status.text)\n" }
    result += "text: " + TextEscaping.escape(text) + "\n"
    return result
  }
}
