/// Writes the end every SMS PDU shares: the data coding scheme (for a
/// DELIVER the time stamp comes between, so it is written by the caller
/// through `timestamp`), the user data length, the header with its
/// concatenation, and the text in GSM-7 or UCS-2.
enum UserData {
  /// Appends the data coding scheme, `between` (a DELIVER's time stamp),
  /// the user data length and the user data to `pdu`.
  static func write(
    _ text: ArraySlice<Unicode.Scalar>, alphabet: DataCoding.Alphabet, flash: Bool,
    concatenation: Concatenation?, between: [UInt8] = [], into pdu: inout [UInt8]
  ) {
    pdu.append(DataCoding(alphabet: alphabet, flash: flash).octet)
    pdu.append(contentsOf: between)
    let lengthIndex = pdu.count
    pdu.append(0)
    var headerOctets = 0
    if let concatenation {
      // Written in place (not through `element`): a part allocates nothing.
      headerOctets = concatenation.isWide ? 7 : 6
      pdu.append(UInt8(headerOctets - 1))
      if concatenation.isWide {
        pdu.append(0x08)
        pdu.append(0x04)
        pdu.append(UInt8(concatenation.reference >> 8 & 0xFF))
      } else {
        pdu.append(0x00)
        pdu.append(0x03)
      }
      pdu.append(UInt8(concatenation.reference & 0xFF))
      pdu.append(UInt8(concatenation.total))
      pdu.append(UInt8(concatenation.sequence))
    }
    switch alphabet {
    case .gsm7:
      let headerSeptets = concatenation == nil ? 0 : Septets.headerSeptets(headerOctets)
      var packer = Septets.Packer()
      packer.skip(bits: headerSeptets * 7 - headerOctets * 8, to: &pdu)
      var septets = headerSeptets
      for scalar in text { septets += packer.add(character: scalar, to: &pdu) }
      packer.finish(to: &pdu)
      pdu[lengthIndex] = UInt8(septets)
    case .ucs2, .eightBit:
      for scalar in text {
        var value = scalar.value
        if value > 0xFFFF {
          value -= 0x10000
          let high = 0xD800 + (value >> 10)
          pdu.append(UInt8(high >> 8))
          pdu.append(UInt8(high & 0xFF))
          value = 0xDC00 + (value & 0x3FF)
        }
        pdu.append(UInt8(value >> 8))
        pdu.append(UInt8(value & 0xFF))
      }
      pdu[lengthIndex] = UInt8(pdu.count - lengthIndex - 1)
    }
  }
}
