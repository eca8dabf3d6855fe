/// How a vCard file's bytes are encoded as a whole: UTF-8 (with or without
/// a byte-order mark), UTF-16 (Outlook's "Unicode" export, with or without
/// a byte-order mark), or an ASCII-based legacy charset whose 8-bit values
/// are decoded property by property.
enum VCardFileEncoding {
  /// The file as ASCII-based bytes: UTF-16 turned into UTF-8 (unpaired
  /// surrogates as U+FFFD), anything else unchanged.
  static func utf8Bytes(of bytes: [UInt8]) -> [UInt8] {
    guard let bigEndian = utf16ByteOrder(bytes) else { return bytes }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 0
    while index + 1 < bytes.count {
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
      index += 2
    }
    if units.first == 0xFEFF { units.removeFirst() }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }

  /// The byte order of a UTF-16 file (true: big-endian), or nil for an
  /// ASCII-based file: a byte-order mark, else `BEGIN` with a NUL after
  /// (little-endian) or before (big-endian) each letter.
  private static func utf16ByteOrder(_ bytes: [UInt8]) -> Bool? {
    if bytes.starts(with: [0xFF, 0xFE]) { return false }
    if bytes.starts(with: [0xFE, 0xFF]) { return true }
    guard bytes.count >= 4 else { return nil }
    if bytes[1] == 0 && bytes[3] == 0 && bytes[0] != 0 && bytes[2] != 0 { return false }
    if bytes[0] == 0 && bytes[2] == 0 && bytes[1] != 0 && bytes[3] != 0 { return true }
    return nil
  }

  /// The charset for unlabelled 8-bit text: the first `CHARSET=` in the
  /// file that is not UTF-8 or ASCII (a phone labels its legacy charset on
  /// some properties and not others), else Windows-1252 (lower case).
  static func labelledLegacyCharset(in bytes: [UInt8]) -> String {
    let key = Array("CHARSET=".utf8)
    var index = 0
    while index + key.count < bytes.count {
      var matches = true
      for offset in 0..<key.count where uppercased(bytes[index + offset]) != key[offset] {
        matches = false
        break
      }
      if matches {
        var end = index + key.count
        while end < bytes.count,
          ![UInt8(ascii: ";"), UInt8(ascii: ":"), 0x0A, 0x0D].contains(bytes[end])
        {
          end += 1
        }
        let name = String(decoding: bytes[(index + key.count)..<end], as: UTF8.self).lowercased()
          .filter { $0 != "\"" }
        if !["utf-8", "utf8", "us-ascii", "ascii", ""].contains(name) { return name }
        index = end
      } else {
        index += 1
      }
    }
    return "windows-1252"
  }

  private static func uppercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
  }
}
