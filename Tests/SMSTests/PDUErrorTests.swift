import SMS
import Testing

@Test("a bad hex digit or an odd count names the byte it falls in")
func hexErrorsNameTheByte() {
  var bytes: [UInt8] = []
  #expect(throws: PDUError(offset: 2, reason: "not a hex digit")) {
    try Hex.decode(Array("0011G0".utf8), into: &bytes)
  }
  bytes = []
  #expect(throws: PDUError(offset: 1, reason: "odd number of hex digits")) {
    try Hex.decode(Array("001".utf8), into: &bytes)
  }
}

@Test("every truncation of a valid PDU is an error at or before its end, never a crash")
func truncatedPDUsAreErrors() throws {
  var full: [UInt8] = []
  try Hex.decode(
    Array("07911326040000F0440B911346610089F60008208062917314080C0500030102010041D83DDE00".utf8),
    into: &full)
  var text: [Unicode.Scalar] = []
  _ = try PDUDecoder.decode(full, text: &text)
  for count in 0..<full.count {
    var scalars: [Unicode.Scalar] = []
    do {
      _ = try PDUDecoder.decode(Array(full[..<count]), text: &scalars)
      Issue.record("\(count) bytes read as a PDU")
    } catch {
      #expect(error.offset <= count)
    }
  }
}

@Test("lengths that promise more than the PDU has are refused where they stand")
func lyingLengthsAreRefused() {
  func failure(_ hex: String) -> PDUError? {
    var bytes: [UInt8] = []
    var text: [Unicode.Scalar] = []
    do {
      try Hex.decode(Array(hex.utf8), into: &bytes)
      _ = try PDUDecoder.decode(bytes, text: &text)
      return nil
    } catch { return error }
  }
  // A service centre of 12 octets.
  #expect(failure("0C91")?.offset == 0)
  // An originating address of 21 digits.
  #expect(failure("000415")?.offset == 2)
  // A GSM-7 user data length of 161.
  #expect(failure("0004" + "03912143" + "00" + "00" + "62110131000032" + "A1")?.offset == 15)
  // A header longer than the user data.
  #expect(
    failure("0044" + "03912143" + "00" + "08" + "62110131000032" + "02" + "0500")?.offset
      == 16)
  // Octets after the user data.
  #expect(
    failure("0004" + "03912143" + "00" + "08" + "62110131000032" + "02" + "0041" + "00")?
      .offset == 18)
  // Message type 3 is reserved.
  #expect(failure("0003")?.offset == 1)
}
