import ContactBook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Every charset glibc's iconv knows (Shift_JIS, ISO-2022-JP, Big5, GB18030,
/// KOI8-R, the ISO-8859 and Windows code pages…), for reading contact files
/// written by phones and address books in a legacy charset. A well-kept
/// library already on every Linux, rather than tables of our own.
public struct IconvCharsets: CharsetDecoder {
  /// Creates the decoder.
  public init() {}

  /// The text of `bytes` converted by iconv, or nil when iconv does not
  /// know `charset`.
  public func decode(_ bytes: [UInt8], charset: String) -> DecodedText? {
    guard let converter = IconvConverter(from: charset) else { return nil }
    return converter.decode(bytes)
  }
}
