import SMS
import Testing

private func decoded(_ text: String, dcs: Int) -> String {
  var scalars: [Unicode.Scalar] = []
  USSDText.decode(Array(text.utf8), dcs: dcs, into: &scalars)
  return String(String.UnicodeScalarView(scalars))
}

/// `text` as the hex of its packed GSM-7 septets.
private func packedHex(_ text: String) -> String {
  var packer = Septets.Packer()
  var octets: [UInt8] = []
  for scalar in text.unicodeScalars { _ = packer.add(character: scalar, to: &octets) }
  packer.finish(to: &octets)
  return Hex.string(octets)
}

@Test(
  "the data coding scheme names the alphabet: 15 and 0x0F-group GSM-7, 72 and 0x11 UCS-2, 0x44 data"
)
func ussdAlphabets() {
  #expect(USSDText.alphabet(dcs: 15) == .gsm7)
  #expect(USSDText.alphabet(dcs: 0x00) == .gsm7)
  #expect(USSDText.alphabet(dcs: 0x10) == .gsm7)
  #expect(USSDText.alphabet(dcs: 0x11) == .ucs2)
  #expect(USSDText.alphabet(dcs: 72) == .ucs2)
  #expect(USSDText.alphabet(dcs: 0x48) == .ucs2)
  #expect(USSDText.alphabet(dcs: 0x44) == .data)
  #expect(USSDText.alphabet(dcs: 0xF4) == .data)
  #expect(USSDText.alphabet(dcs: 0xF0) == .gsm7)
}

@Test("a GSM-7 reply a modem gives as plain text reads as it is, short numbers included")
func ussdPlainText() {
  #expect(decoded("Saldo Anda Rp 25.000", dcs: 15) == "Saldo Anda Rp 25.000")
  #expect(decoded("1234", dcs: 15) == "1234")
  #expect(decoded("ABCDEF12", dcs: 15) == "ABCDEF12")
  #expect(decoded("12345678901234", dcs: 15) == "12345678901234")
}

@Test("a GSM-7 reply given as the hex of its packed septets is unpacked, extension characters too")
func ussdPackedHex() {
  let text = "Your balance is 5000 {EUR}"
  #expect(decoded(packedHex(text), dcs: 15) == text)
  #expect(decoded(packedHex("Pulsa anda: Rp10.000"), dcs: 0x0F) == "Pulsa anda: Rp10.000")
}

@Test("a UCS-2 reply in hex is UTF-16, surrogate pairs joined, a lone surrogate replaced")
func ussdUCS2() {
  #expect(decoded("004D0065007200630069002C002000E0", dcs: 72) == "Merci, à")
  #expect(decoded("D83DDE00", dcs: 72) == "😀")
  #expect(decoded("D83D0041", dcs: 72) == "\u{FFFD}A")
  // Not hex of whole code units: the text as the modem wrote it.
  #expect(decoded("Merci", dcs: 72) == "Merci")
}
