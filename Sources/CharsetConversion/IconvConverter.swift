import ContactBook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One open iconv conversion from a charset to UTF-8, closed when released.
final class IconvConverter {
  private let descriptor: iconv_t

  /// Opens the conversion, or nil when iconv does not know `charset`.
  init?(from charset: String) {
    let name = charset.uppercased()
    guard name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
    let opened = iconv_open("UTF-8", name)
    guard let opened, Int(bitPattern: opened) != -1 else { return nil }
    descriptor = opened
  }

  deinit { iconv_close(descriptor) }

  /// The UTF-8 text of `bytes`; each invalid or incomplete sequence becomes
  /// U+FFFD (one byte skipped) and is counted.
  func decode(_ bytes: [UInt8]) -> DecodedText {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 2 + 16)
    var replaced = 0
    var chunk = [CChar](repeating: 0, count: 1024)
    var input = bytes.map { CChar(bitPattern: $0) }
    let total = input.count
    var consumed = 0
    input.withUnsafeMutableBufferPointer { source in
      chunk.withUnsafeMutableBufferPointer { target in
        guard let sourceBase = source.baseAddress, let targetBase = target.baseAddress else {
          return
        }
        while true {
          var inPointer: UnsafeMutablePointer<CChar>? = sourceBase + consumed
          var inLeft = total - consumed
          var outPointer: UnsafeMutablePointer<CChar>? = targetBase
          var outLeft = target.count
          let result =
            inLeft > 0
            ? iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
            : iconv(descriptor, nil, nil, &outPointer, &outLeft)
          let failure = errno
          let produced = target.count - outLeft
          output.append(contentsOf: UnsafeRawBufferPointer(start: targetBase, count: produced))
          let wasFlush = consumed == total
          consumed = total - inLeft
          if wasFlush { return }
          if result != -1 { continue }
          switch failure {
          case E2BIG:
            continue
          default:
            // EILSEQ or EINVAL: a sequence that is not valid, or cut off.
            output += [0xEF, 0xBF, 0xBD]
            replaced += 1
            consumed = Swift.min(consumed + 1, total)
          }
        }
      }
    }
    return DecodedText(String(decoding: output, as: UTF8.self), replaced: replaced)
  }
}
