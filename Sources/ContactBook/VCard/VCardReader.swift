/// Reads contacts from vCard 2.1, 3.0 and 4.0 files, as phones and address
/// books export them.
///
/// Understood: line folding, 2.1 quoted-printable values with soft line
/// breaks, base64 text values, `CHARSET` parameters in any charset the
/// decoder knows (glibc's iconv in the executable), files in a legacy charset
/// (UTF-16 with or without a byte-order mark; unlabelled 8-bit text in the
/// file's first labelled legacy charset, else the caller's, else
/// Windows-1252), backslash escapes, property groups (`item1.TEL` with
/// Apple's `item1.X-ABLabel`), bare 2.1 parameters (`TEL;CELL;PREF:`), `FN`,
/// `N`, `TEL` (also 4.0 `tel:` URIs), `NICKNAME`, `ORG`, `AGENT` cards (2.1
/// nested, 3.0 inline), `X-T9PHONE-STARRED` (any `X-…STARRED`) and
/// `X-T9PHONE-USED:count;lastUsed`. Other properties are ignored.
///
/// A card with a name or a number is never dropped: it is cut to fit and
/// every change is reported (`VCardIssue.Kind.changed`); a card with neither
/// is skipped and reported; a card the file ends inside, or one followed by
/// another `BEGIN:VCARD` without its `END:VCARD`, is read as far as it goes.
public enum VCardReader {
  /// The contacts of UTF-8 `text` in file order, and the issues; charsets
  /// other than UTF-8, Latin-1 and Windows-1252 are read as Windows-1252.
  public static func read(_ text: String) -> VCardReadResult {
    read(Array(text.utf8), charsets: BuiltInCharsets())
  }

  /// The contacts of a file's `bytes` in file order, and the issues.
  /// `charset` names the file's charset for unlabelled 8-bit text when it is
  /// not UTF-8 and no card says (`SHIFT_JIS` for a Japanese export).
  public static func read<Decoder: CharsetDecoder>(
    _ bytes: [UInt8], charsets: Decoder, charset: String? = nil
  ) -> VCardReadResult {
    let text = VCardFileEncoding.utf8Bytes(of: bytes)
    let fallback = charset?.lowercased() ?? VCardFileEncoding.labelledLegacyCharset(in: text)
    var reading = VCardReading(values: VCardValues(charsets: charsets, fallback: fallback))
    reading.read(text)
    return reading.result()
  }
}
