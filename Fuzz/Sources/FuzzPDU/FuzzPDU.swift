import FuzzSupport
import SMS

/// The PDU decoder as the modem driver runs it on `AT+CMGR` and `+CMT`
/// lines: the input is the PDU's bytes (the driver has already read the
/// hex). Any bytes decode without crashing; an error names a byte within
/// the PDU or just past it; a part's text fits the decoder's stated
/// maximum; and the decoded text, sent again as SMS-SUBMIT parts, decodes
/// to the same text (the encoder writes what the decoder reads).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDU(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = FuzzInput.bytes(start, count)
  var text: [Unicode.Scalar] = []
  let fields: PDUFields
  do {
    fields = try PDUDecoder.decode(bytes, text: &text)
  } catch {
    Invariant.check(
      error.offset >= 0 && error.offset <= bytes.count,
      "error at byte \(error.offset) of \(bytes.count)")
    return 0
  }
  Invariant.check(
    text.count <= PDUDecoder.maximumTextLength,
    "\(text.count) characters from one part")
  _ = PDUDescription.lines(fields, text: text)
  guard let recipient = PhoneAddress(number: "+15551234") else { return 0 }
  let encoder = SubmitEncoder(recipient: recipient, reference: Int(bytes.first ?? 0) * 257)
  guard let pdus = try? encoder.encode(text) else { return 0 }
  var again: [Unicode.Scalar] = []
  for pdu in pdus {
    do {
      _ = try PDUDecoder.decode(pdu, text: &again)
    } catch {
      Invariant.check(false, "the encoder wrote a PDU the decoder refuses: \(error)")
    }
  }
  Invariant.check(again == text, "\(text) went out as \(again)")
  return 0
}
