/// How message text is written on one line of tool output (`sms decode`,
/// `messages list`): `\` as `\\`, line feed as `\n`, tab as `\t`, carriage
/// return as `\r`, and any other control character as `\u{XX}`.
public enum TextEscaping {
  /// `scalars` escaped for one line.
  public static func escape(_ scalars: some Sequence<Unicode.Scalar>) -> String {
    var result = ""
    for scalar in scalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case "\u{00}"..."\u{1F}", "\u{7F}":
        result += "\\u{" + Hex.string([UInt8(scalar.value)]) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
