import SMS
import Testing

@testable import TextEntry

@Test("GSM-7: 160 in one part, 153 per part after, extension characters count 2")
func smsLength_gsm() {
  #expect(SMSLength(String(repeating: "a", count: 160).unicodeScalars).counter == "0/1")
  #expect(SMSLength(String(repeating: "a", count: 161).unicodeScalars).counter == "145/2")
  #expect(SMSLength(String(repeating: "a", count: 306).unicodeScalars).counter == "0/2")
  #expect(SMSLength(String(repeating: "a", count: 307).unicodeScalars).counter == "152/3")
  #expect(SMSLength("€^{}[]~|\\".unicodeScalars).septets == 18)
  #expect(SMSLength("Δ§¿ÉàΞ".unicodeScalars).septets == 6)
  #expect(SMSLength(String(repeating: "a", count: 459).unicodeScalars).fits)
  #expect(!SMSLength(String(repeating: "a", count: 460).unicodeScalars).fits)
}

@Test("any character outside GSM switches to UCS-2: 70, then 67 per part")
func smsLength_ucs2() {
  let text = "Bogotá" + String(repeating: "a", count: 64)
  let length = SMSLength(text.unicodeScalars)
  #expect(!length.isGSM)
  #expect(length.counter == "0/1")
  #expect(SMSLength((text + "a").unicodeScalars).counter == "63/2")
  #expect(SMSLength(("á" + String(repeating: "a", count: 200)).unicodeScalars).fits)
  #expect(!SMSLength(("á" + String(repeating: "a", count: 201)).unicodeScalars).fits)
  #expect(SMSLength("`".unicodeScalars).isGSM == false, "the backtick is not in GSM 03.38")
}

@Test("every Latin-1 code costs what the GSM 03.38 basic and extension tables say")
func smsLength_latinCostsFollowTheTables() {
  for value in UInt32(0)..<0x100 {
    guard let scalar = Unicode.Scalar(value) else { continue }
    let expected =
      SMSLength.basic.unicodeScalars.contains(scalar)
      ? 1 : (SMSLength.extended.unicodeScalars.contains(scalar) ? 2 : 0)
    #expect(SMSLength.septets(scalar) == expected, "U+\(String(value, radix: 16))")
  }
}

@Test("the editor's counter costs every basic-plane character as the PDU encoder writes it")
func smsLength_agreesWithTheEncodersAlphabet() {
  for value in UInt32(0)..<0x1_0000 {
    guard let scalar = Unicode.Scalar(value) else { continue }
    #expect(SMSLength.septets(scalar) == GSMAlphabet.cost(scalar), "U+\(String(value, radix: 16))")
  }
}
