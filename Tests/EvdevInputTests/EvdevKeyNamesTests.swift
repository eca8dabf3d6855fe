import Foundation
import Testing

@testable import EvdevInput

@Test("names are found with or without the KEY_ prefix, in any case")
func evdevKeyNames_lookUp() {
  #expect(EvdevKeyNames.code(named: "KEY_KP5") == 76)
  #expect(EvdevKeyNames.code(named: "KP5") == 76)
  #expect(EvdevKeyNames.code(named: "key_kpenter") == 96)
  #expect(EvdevKeyNames.code(named: "KEY_NUMERIC_POUND") == 0x20b)
  #expect(EvdevKeyNames.code(named: "KEY_NOSUCHKEY") == nil)
  #expect(EvdevKeyNames.code(named: "") == nil)
}

@Test("codes give back their names")
func evdevKeyNames_names() {
  #expect(EvdevKeyNames.name(of: 71) == "KEY_KP7")
  #expect(EvdevKeyNames.name(of: 0x160) == "KEY_OK")
  #expect(EvdevKeyNames.name(of: 0x2ff) == nil)
}

@Test("names and codes are unique and within KEY_MAX")
func evdevKeyNames_unique() {
  let names = EvdevKeyNames.all.map(\.name)
  let codes = EvdevKeyNames.all.map(\.code)
  #expect(Set(names).count == names.count)
  #expect(Set(codes).count == codes.count)
  #expect(codes.allSatisfy { (1...EvdevKeyNames.maximumCode).contains($0) })
  for entry in EvdevKeyNames.all {
    #expect(EvdevKeyNames.code(named: entry.name) == entry.code)
    #expect(EvdevKeyNames.name(of: entry.code) == entry.name)
  }
}

private let headerPath = "/usr/include/linux/input-event-codes.h"

@Test(
  "every code matches <linux/input-event-codes.h>",
  .enabled(if: FileManager.default.fileExists(atPath: headerPath)))
func evdevKeyNames_matchHeader() throws {
  let header = try String(contentsOfFile: headerPath, encoding: .utf8)
  var defines: [String: UInt16] = [:]
  for line in header.split(separator: "\n") {
    let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard fields.count >= 3, fields[0] == "#define" else { continue }
    let value = fields[2]
    let code =
      value.hasPrefix("0x") ? UInt16(value.dropFirst(2), radix: 16) : UInt16(value, radix: 10)
    if let code { defines[String(fields[1])] = code }
  }
  #expect(EvdevKeyNames.all.count > 100)
  for entry in EvdevKeyNames.all {
    #expect(defines[entry.name] == entry.code, "\(entry.name)")
  }
  #expect(defines["KEY_MAX"] == EvdevKeyNames.maximumCode)
}
