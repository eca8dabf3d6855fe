import SMS
import TestSupport
import Testing

/// One block of a vector file: its `key: value` lines (the first of each
/// key; `note` lines are dropped).
struct Vector: CustomStringConvertible {
  var values: [String: String] = [:]
  subscript(key: String) -> String? { values[key] }
  var description: String { values["source"] ?? "?" }
}

/// The blocks of Tests/Fixtures/SMS/`name`, gathered from ModemManager,
/// python-gsmmodem and gammu (each file's header names the commits and
/// licences).
func vectors(_ name: String, filePath: String = #filePath) -> [Vector] {
  let tests = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(2)
  let path = tests.joined(separator: "/") + "/Fixtures/SMS/" + name
  let text = String(decoding: fileBytes(atPath: path) ?? [], as: UTF8.self)
  var result: [Vector] = []
  var current = Vector()
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.isEmpty {
      if current["pdu"] != nil { result.append(current) }
      current = Vector()
      continue
    }
    guard !line.hasPrefix("#"), let colon = line.firstIndex(of: ":") else { continue }
    let key = String(line[..<colon])
    let value = String(line[line.index(after: colon)...].drop { $0 == " " })
    if current.values[key] == nil { current.values[key] = value }
  }
  if current["pdu"] != nil { result.append(current) }
  return result
}

/// A vector's text with its escapes (`\\`, `\n`, `\t`, `\r`, `\u{XX}`)
/// resolved.
func unescaped(_ text: String) -> String {
  var result = ""
  var scalars = Array(text.unicodeScalars)[...]
  while let scalar = scalars.popFirst() {
    guard scalar == "\\", let next = scalars.popFirst() else {
      result.unicodeScalars.append(scalar)
      continue
    }
    switch next {
    case "n": result += "\n"
    case "t": result += "\t"
    case "r": result += "\r"
    case "u":
      let digits = scalars.prefix { $0 != "}" }.dropFirst()
      scalars = scalars.drop { $0 != "}" }.dropFirst()
      let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16) ?? 0xFFFD
      result.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    default: result.unicodeScalars.append(next)
    }
  }
  return result
}

@Test(
  "received and stored PDUs decode as ModemManager's and python-gsmmodem's tests say",
  arguments: vectors("deliver-vectors.txt"))
func decodesIndependentVectors(_ vector: Vector) throws {
  let (fields, text) = try decoded(try #require(vector["pdu"]))
  #expect(fields.kind.name == vector["type"])
  if let from = vector["from"] { #expect(fields.address.text == from) }
  if let to = vector["to"] { #expect(fields.address.text == to) }
  if let time = vector["time"], fields.kind != .statusReport {
    #expect(fields.time?.description == time)
  }
  if let discharge = vector["discharge"] { #expect(fields.time?.description == discharge) }
  if let encoding = vector["encoding"] { #expect(fields.coding.alphabet.name == encoding) }
  if let part = vector["part"] {
    let concatenation = try #require(fields.concatenation)
    #expect(
      "\(concatenation.sequence)/\(concatenation.total) ref \(concatenation.reference)" == part)
    #expect(concatenation.isWide == (vector["refbits"] == "16"))
  } else {
    #expect(fields.concatenation == nil)
  }
  if let status = vector["status"] {
    #expect(fields.status.map { Hex.string([$0.octet]) } == String(status.prefix(2)))
  }
  if let messageClass = vector["class"] { #expect(fields.coding.messageClass == Int(messageClass)) }
  if let expected = vector["text"] { #expect(text == unescaped(expected)) }
  if let data = vector["data"] { #expect(text == data) }
}

/// The parts of an SMS-SUBMIT that do not depend on the sender's settings:
/// the destination field, the coding scheme, and the user data with its
/// length (the service centre, flags, message reference and validity
/// period are left out).
func submitContent(_ hex: String, typeOfAddress: Bool = true) throws -> [UInt8] {
  var pdu: [UInt8] = []
  try Hex.decode(Array(hex.utf8), into: &pdu)
  var index = Int(pdu[0]) + 1
  let first = pdu[index]
  index += 2
  let destination = 2 + (Int(pdu[index]) + 1) / 2
  var content = Array(pdu[index..<index + destination])
  if !typeOfAddress { content.remove(at: 1) }
  index += destination + 1
  content.append(pdu[index])
  index += 1
  switch first >> 3 & 0x03 {
  case 0x02: index += 1
  case 0x01, 0x03: index += 7
  default: break
  }
  return content + pdu[index...]
}

@Test(
  "the encoder writes the destination, coding and user data of ModemManager's, python-gsmmodem's and gammu's SMS-SUBMITs",
  arguments: vectors("submit-vectors.txt"))
func encodesIndependentVectors(_ vector: Vector) throws {
  let expected = try #require(vector["pdu"])
  let to = try #require(vector["to"])
  var text = unescaped(try #require(vector["text"]))
  var reference = 0
  var part = 1
  let concat = vector["concat"] ?? "none"
  if concat != "none" {
    // "8bit ref R part N/M": encode the whole message, compare part N.
    let words = concat.split(separator: " ")
    reference = Int(words[2]) ?? 0
    part = Int(words[4].split(separator: "/")[0]) ?? 1
    let siblings = vectors("submit-vectors.txt").filter {
      group($0) == group(vector) && $0["concat"]?.hasPrefix("8bit ref \(reference) ") == true
    }
    text = siblings.map { unescaped($0["text"] ?? "") }.joined()
  }
  // python-gsmmodem writes a national number as type A1 where this
  // encoder writes 81; gammu sends some GSM texts as UCS-2, by its input's
  // choice. Those parts are compared where the choices agree.
  let international = to.hasPrefix("+")
  if SubmitEncoder.alphabet(for: Array(text.unicodeScalars)).name == vector["encoding"] {
    let pdus = try encoded(text, to: to, reference: reference)
    try #require(pdus.count >= part)
    #expect(
      try submitContent(pdus[part - 1], typeOfAddress: international)
        == submitContent(expected, typeOfAddress: international))
  }
  // And the decoder reads the source's PDU as the text it was made from.
  let (fields, decodedText) = try decoded(expected)
  #expect(fields.kind == .submit)
  #expect(fields.address.text == to)
  #expect(decodedText == unescaped(vector["text"] ?? ""))
}

/// The message a part's vector belongs to: its source without `PDU N/M`.
func group(_ vector: Vector) -> Substring {
  let source = vector["source"] ?? ""
  let words = source.split(separator: " ")
  guard let index = words.firstIndex(where: { $0 == "PDU" }) else { return source[...] }
  return Substring(words[..<index].joined(separator: " "))
}

@Test("the exact vectors: with no settings of their own, the PDUs match byte for byte")
func exactVectors() throws {
  let exact = vectors("submit-vectors.txt").filter {
    $0["smsc"] == "default" && $0["reference"] == "0" && $0["validity"]?.hasPrefix("none") == true
      && $0["report"] == "no" && $0["concat"] == "none"
      && $0["reject-duplicates"]?.hasPrefix("no") == true
  }
  #expect(exact.count >= 2)
  for vector in exact {
    let text = unescaped(vector["text"] ?? "")
    #expect(try encoded(text, to: vector["to"] ?? "") == [vector["pdu"] ?? ""], "\(vector)")
  }
}
