/// Turns bytes in a named character set into text: how the vCard reader
/// reads cards written in a legacy charset (`CHARSET=SHIFT_JIS`, Latin-1,
/// Windows-1252). The core knows a few charsets itself (`BuiltInCharsets`);
/// the executable hands in glibc's iconv, which knows every charset a phone
/// or address book writes.
public protocol CharsetDecoder {
  /// The text of `bytes` in `charset` (a name as written in a `CHARSET`
  /// parameter, any case), or nil when the charset is unknown. A byte
  /// sequence that is invalid in the charset becomes U+FFFD and is counted.
  func decode(_ bytes: [UInt8], charset: String) -> DecodedText?
}
