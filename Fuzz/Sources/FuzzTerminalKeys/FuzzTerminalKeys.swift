import FuzzSupport
import KeypadInput
import TerminalKeys

/// The simulator's terminal key decoder, on any bytes one read may bring:
/// at most one input per byte, and bytes without an Esc decode one by one
/// (only escape sequences span bytes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalKeys(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = FuzzInput.bytes(start, count)
  let inputs = TerminalKeyDecoder.decode(bytes)
  Invariant.check(inputs.count <= bytes.count, "\(inputs.count) inputs from \(bytes.count) bytes")
  if !bytes.contains(0x1B) {
    let oneByOne = bytes.flatMap { TerminalKeyDecoder.decode([$0]) }
    Invariant.check(inputs == oneByOne, "decoding depends on the bytes around")
  } else if let escape = bytes.firstIndex(of: 0x1B) {
    // What comes before the first Esc decodes the same on its own.
    let head = TerminalKeyDecoder.decode(Array(bytes[..<escape]))
    Invariant.check(Array(inputs.prefix(head.count)) == head, "a later Esc changed earlier keys")
  }
  return 0
}
