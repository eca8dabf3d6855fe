import SMS
import Testing

/// Decodes a hex PDU, its text as a string.
func decoded(_ hex: String) throws -> (fields: PDUFields, text: String) {
  var bytes: [UInt8] = []
  try Hex.decode(Array(hex.utf8), into: &bytes)
  var scalars: [Unicode.Scalar] = []
  let fields = try PDUDecoder.decode(bytes, text: &scalars)
  var text = ""
  text.unicodeScalars.append(contentsOf: scalars)
  return (fields, text)
}

/// The hex PDUs `sms encode` prints for `text`.
func encoded(
  _ text: String, to number: String = "+15556661234", reference: Int = 0, report: Bool = false
) throws -> [String] {
  let recipient = try #require(PhoneAddress(number: number))
  let encoder = SubmitEncoder(
    recipient: recipient, requestsStatusReport: report, reference: reference)
  return try encoder.encode(Array(text.unicodeScalars)).map { Hex.string($0) }
}

@Test("GSM-7 packs eight septets in seven octets: 'hellohello' is E8329BFD4697D9EC37")
func gsm7PackingOfTheTextbookExample() throws {
  let pdu = try #require(try encoded("hellohello", to: "1").first)
  #expect(pdu.hasSuffix("0A" + "E8329BFD4697D9EC37"))
}

@Test("every character of the default alphabet and its extension table survives a round trip")
func everyGSMCharacterRoundTrips() throws {
  var all: [Unicode.Scalar] = []
  for code in UInt8(0)..<128 where code != GSMAlphabet.escape {
    all.append(GSMAlphabet.character(code))
  }
  all += Array("€[]{}~\\^|\u{0C}".unicodeScalars)
  let text = String(String.UnicodeScalarView(all))
  var joined = ""
  for pdu in try encoded(text) {
    let (fields, part) = try decoded(pdu)
    #expect(fields.coding.alphabet == .gsm7)
    joined += part
  }
  #expect(joined == text)
}

@Test("an extension character costs two septets and is never split from its escape")
func extensionCharactersStayWhole() throws {
  // 152 plain characters, then '€': 154 septets do not fit a 153-septet
  // part, so the euro goes whole to the second part.
  let text = String(repeating: "a", count: 152) + "€" + String(repeating: "b", count: 20)
  let parts = try encoded(text, reference: 7)
  #expect(parts.count == 2)
  let first = try decoded(parts[0])
  let second = try decoded(parts[1])
  #expect(first.text == String(repeating: "a", count: 152))
  #expect(second.text.hasPrefix("€b"))
  #expect(
    first.fields.concatenation == Concatenation(reference: 7, total: 2, sequence: 1, isWide: false))
}

@Test("160 GSM characters are one part; 161 are two of 153 and 8")
func gsm7PartSizes() throws {
  #expect(try encoded(String(repeating: "x", count: 160)).count == 1)
  let parts = try encoded(String(repeating: "x", count: 161), reference: 200)
  #expect(parts.count == 2)
  #expect(try decoded(parts[0]).text.count == 153)
  #expect(try decoded(parts[1]).text.count == 8)
}

@Test("a 16-bit reference leaves 152 septets or 66 UCS-2 units a part")
func wideReferencePartSizes() throws {
  let gsm = try encoded(String(repeating: "x", count: 306), reference: 300)
  #expect(gsm.count == 3)
  let first = try decoded(gsm[0])
  #expect(first.text.count == 152)
  #expect(
    first.fields.concatenation == Concatenation(reference: 300, total: 3, sequence: 1, isWide: true)
  )
  let ucs2 = try encoded(String(repeating: "Ж", count: 133), reference: 4096)
  #expect(ucs2.count == 3)
  #expect(try decoded(ucs2[0]).text.count == 66)
}

@Test("70 UCS-2 characters are one part; 71 are two of 67 and 4")
func ucs2PartSizes() throws {
  let single = try encoded(String(repeating: "Ж", count: 70))
  #expect(single.count == 1)
  #expect(try decoded(single[0]).fields.coding.alphabet == .ucs2)
  let parts = try encoded(String(repeating: "Ж", count: 71), reference: 1)
  #expect(parts.map { try? decoded($0).text.count } == [67, 4])
}

@Test("characters beyond the basic plane go as surrogate pairs, never split between parts")
func surrogatePairsStayInOnePart() throws {
  let text = String(repeating: "a", count: 66) + "😀" + "bbb"
  let parts = try encoded(text, reference: 9)
  #expect(parts.count == 2)
  let first = try decoded(parts[0])
  let second = try decoded(parts[1])
  #expect(first.text == String(repeating: "a", count: 66))
  #expect(second.text == "😀bbb")
  #expect(first.fields.endsWithHighSurrogate == nil)
  #expect(try decoded(try encoded("😀")[0]).text == "😀")
}

@Test("a part of another sender's message may end in half a pair: the decoder hands it over")
func splitSurrogatePairIsHandedOver() throws {
  // UDH 8-bit ref 1, 2 parts; part 1 ends with D83D, part 2 starts with DE00.
  let head = "0044" + "0B915155661632F4" + "0008" + "11101010000000"
  let first = try decoded(head + "0A" + "050003010201" + "0061D83D")
  #expect(first.text == "a")
  #expect(first.fields.endsWithHighSurrogate == 0xD83D)
  let second = try decoded(head + "0A" + "050003010202" + "DE000062")
  #expect(second.text == "b")
  #expect(second.fields.startsWithLowSurrogate == 0xDE00)
  // Without concatenation, a lone half is shown as U+FFFD.
  let single = "0004" + "0B915155661632F4" + "0008" + "11101010000000"
  #expect(try decoded(single + "04" + "D83D0061").text == "\u{FFFD}a")
}

@Test("a status report request and a flash class are written where TS 23.040 puts them")
func submitFlags() throws {
  let pdu = try #require(try encoded("hi", to: "12345", report: true).first)
  #expect(pdu.hasPrefix("00210005812143F50000"))
  let (fields, text) = try decoded(pdu)
  #expect(fields.kind == .submit)
  #expect(fields.statusReportRequested)
  #expect(fields.address.text == "12345")
  #expect(fields.address.kind == .national)
  #expect(text == "hi")
  #expect(DataCoding(alphabet: .gsm7, flash: true).isFlash)
  #expect(DataCoding(0xF0).isFlash)
  #expect(!DataCoding(0x00).isFlash)
}

@Test("numbers: + makes type 91, else 81; * and # are digits; anything else is refused")
func numbers() {
  #expect(PhoneAddress(number: "+6281234")?.typeOfAddress == 0x91)
  #expect(PhoneAddress(number: "081234")?.typeOfAddress == 0x81)
  #expect(PhoneAddress(number: "*123#")?.text == "*123#")
  #expect(PhoneAddress(number: "+") == nil)
  #expect(PhoneAddress(number: "") == nil)
  #expect(PhoneAddress(number: "0812-345") == nil)
  #expect(PhoneAddress(number: String(repeating: "1", count: 20)) != nil)
  #expect(PhoneAddress(number: String(repeating: "1", count: 21)) == nil)
}

@Test("an alphanumeric sender reads as its name")
func alphanumericSender() throws {
  // "Telkomsel" packed: 9 septets in 8 octets, 16 semi-octets, type D0.
  var name: [UInt8] = []
  var packer = Septets.Packer()
  for character in "Telkomsel".utf8 { packer.add(character, to: &name) }
  packer.finish(to: &name)
  let pdu = "0004" + "10D0" + Hex.string(name) + "0000" + "62113021000082" + "026937"
  let (fields, text) = try decoded(pdu)
  #expect(fields.address.kind == .alphanumeric)
  #expect(fields.address.text == "Telkomsel")
  #expect(fields.time?.description == "2026-11-03T12:00:00+07:00")
  #expect(text == "in")
}

@Test("time stamps keep their zone: quarter hours, the sign in bit 3")
func timestampsKeepTheirZone() throws {
  let head = "0004" + "0B915155661632F4" + "0000"
  #expect(
    try decoded(head + "99309251619580" + "00").fields.time?.description
      == "2099-03-29T15:16:59+02:00")
  #expect(
    try decoded(head + "1120724004000A" + "00").fields.time?.description
      == "2011-02-27T04:40:00-05:00")
  #expect(
    try decoded(head + "62110131000032" + "00").fields.time?.description
      == "2026-11-10T13:00:00+05:45")
  // A stamp whose digits are not digits reads as no time, not as an error.
  #expect(try decoded(head + "F2110131000032" + "00").fields.time == nil)
  let earlier = try #require(try decoded(head + "62110131000032" + "00").fields.time)
  let later = try #require(try decoded(head + "62110121000000" + "00").fields.time)
  #expect(earlier < later, "13:00 at +05:45 is 07:15Z, before 12:00Z")
}
