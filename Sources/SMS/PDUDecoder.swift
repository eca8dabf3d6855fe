/// Reads a PDU as a modem shows it (`AT+CMGR`, `+CMT`): the service
/// centre field, then an SMS-DELIVER, SMS-SUBMIT or SMS-STATUS-REPORT.
///
/// Every length in the PDU is checked against the bytes there are, so any
/// bytes at all give either the message or an error naming the byte at
/// fault. The text goes into the caller's buffer: decoding allocates
/// nothing when that buffer has room for 280 characters (the most a part
/// holds, 140 octets of 8-bit data shown as hex).
public enum PDUDecoder {
  /// The longest PDU: an 11-octet service-centre field and a 164-octet
  /// TPDU.
  public static let maximumPDULength = 176

  /// The most characters a part's text can take in the buffer.
  public static let maximumTextLength = 280

  /// The fields of `pdu`, its text appended to `text`.
  public static func decode(
    _ pdu: [UInt8], text: inout [Unicode.Scalar]
  ) throws(PDUError) -> PDUFields {
    var reader = PDUReader(pdu)
    let serviceCentre = try reader.serviceCentre()
    let first = try reader.byte("first octet")
    let hasHeader = first & 0x40 != 0
    var fields: PDUFields
    switch first & 0x03 {
    case 0x00:
      let address = try reader.address("originating address")
      let protocolIdentifier = try reader.byte("protocol identifier")
      let coding = DataCoding(try reader.byte("data coding scheme"))
      let time = try reader.timestamp("service centre time stamp")
      fields = PDUFields(
        kind: .deliver, serviceCentre: serviceCentre, address: address, time: time,
        coding: coding, messageReference: 0, statusReportRequested: first & 0x20 != 0,
        protocolIdentifier: protocolIdentifier)
    case 0x01:
      let reference = try reader.byte("message reference")
      let address = try reader.address("destination address")
      let protocolIdentifier = try reader.byte("protocol identifier")
      let coding = DataCoding(try reader.byte("data coding scheme"))
      switch first >> 3 & 0x03 {
      case 0x02: try reader.skip(1, "validity period")
      case 0x01, 0x03: try reader.skip(7, "validity period")
      default: break
      }
      fields = PDUFields(
        kind: .submit, serviceCentre: serviceCentre, address: address, coding: coding,
        messageReference: reference, statusReportRequested: first & 0x20 != 0,
        protocolIdentifier: protocolIdentifier)
    case 0x02:
      let reference = try reader.byte("message reference")
      let address = try reader.address("recipient address")
      _ = try reader.timestamp("service centre time stamp")
      let discharge = try reader.timestamp("discharge time")
      let status = DeliveryStatus(try reader.byte("status"))
      fields = PDUFields(
        kind: .statusReport, serviceCentre: serviceCentre, address: address, time: discharge,
        coding: DataCoding(0), messageReference: reference, status: status,
        statusReportRequested: first & 0x20 != 0, protocolIdentifier: 0)
      // The parameter indicator and what it announces are optional.
      guard !reader.isAtEnd else { return fields }
      var indicator = try reader.byte("parameter indicator")
      while indicator & 0x80 != 0, !reader.isAtEnd {
        indicator = try reader.byte("parameter indicator")
      }
      if indicator & 0x01 != 0 {
        fields.protocolIdentifier = try reader.byte("protocol identifier")
      }
      if indicator & 0x02 != 0 { fields.coding = DataCoding(try reader.byte("data coding scheme")) }
      guard indicator & 0x04 != 0 else { return fields }
    default:
      throw PDUError(offset: reader.position - 1, reason: "reserved message type 3")
    }
    try readUserData(&reader, hasHeader: hasHeader, fields: &fields, text: &text)
    return fields
  }

  /// Reads the user data length and the user data: its header (for the
  /// concatenation) and its text.
  private static func readUserData(
    _ reader: inout PDUReader, hasHeader: Bool, fields: inout PDUFields,
    text: inout [Unicode.Scalar]
  ) throws(PDUError) {
    let lengthOffset = reader.position
    let length = Int(try reader.byte("user data length"))
    let alphabet =
      fields.coding.isCompressed ? DataCoding.Alphabet.eightBit : fields.coding.alphabet
    let octets: Int
    switch alphabet {
    case .gsm7:
      guard length <= 160 else {
        throw PDUError(offset: lengthOffset, reason: "user data length \(length) over 160 septets")
      }
      octets = Septets.octets(forSeptets: length)
    case .eightBit, .ucs2:
      guard length <= 140 else {
        throw PDUError(offset: lengthOffset, reason: "user data length \(length) over 140 octets")
      }
      octets = length
    }
    let start = reader.position
    guard reader.remaining >= octets else {
      throw PDUError(
        offset: reader.count,
        reason: "user data ends after \(reader.remaining) of its \(octets) octets")
    }
    guard reader.remaining == octets else {
      throw PDUError(
        offset: start + octets, reason: "\(reader.remaining - octets) octets after the user data")
    }
    var headerOctets = 0
    if hasHeader, octets > 0 {
      headerOctets = Int(reader[start]) + 1
      guard headerOctets <= octets else {
        throw PDUError(
          offset: start, reason: "user data header of \(headerOctets) octets in \(octets)")
      }
      fields.concatenation = try concatenation(reader, from: start + 1, to: start + headerOctets)
    }
    let end = start + octets
    switch alphabet {
    case .gsm7:
      let first = hasHeader ? Septets.headerSeptets(headerOctets) : 0
      guard first <= length else {
        throw PDUError(
          offset: lengthOffset, reason: "user data length \(length) within its header")
      }
      var escaped = false
      for index in first..<length {
        let septet = Septets.septet(at: index, fillBits: 0) {
          start + $0 < end ? reader[start + $0] : 0
        }
        if escaped {
          text.append(GSMAlphabet.extensionCharacter(septet))
          escaped = false
        } else if septet == GSMAlphabet.escape {
          escaped = true
        } else {
          text.append(GSMAlphabet.character(septet))
        }
      }
      if escaped { text.append(" ") }
    case .eightBit:
      for index in start + headerOctets..<end {
        text.append(Unicode.Scalar(Hex.digit(reader[index] >> 4)))
        text.append(Unicode.Scalar(Hex.digit(reader[index] & 0x0F)))
      }
    case .ucs2:
      let textStart = start + headerOctets
      guard (end - textStart) % 2 == 0 else {
        throw PDUError(offset: end - 1, reason: "UCS-2 text of an odd number of octets")
      }
      var index = textStart
      var pendingHigh: UInt16? = nil
      while index < end {
        let unit = UInt16(reader[index]) << 8 | UInt16(reader[index + 1])
        index += 2
        switch unit {
        case 0xD800...0xDBFF:
          if pendingHigh != nil { text.append("\u{FFFD}") }
          pendingHigh = unit
        case 0xDC00...0xDFFF:
          if let high = pendingHigh {
            let value = 0x10000 + (UInt32(high - 0xD800) << 10 | UInt32(unit - 0xDC00))
            text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            pendingHigh = nil
          } else if index == textStart + 2 {
            fields.startsWithLowSurrogate = unit
          } else {
            text.append("\u{FFFD}")
          }
        default:
          if pendingHigh != nil { text.append("\u{FFFD}") }
          pendingHigh = nil
          text.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
        }
      }
      fields.endsWithHighSurrogate = pendingHigh
      // Only a part of a longer message can have its pair completed by
      // another part.
      if fields.concatenation == nil {
        if fields.startsWithLowSurrogate != nil { text.insert("\u{FFFD}", at: 0) }
        if pendingHigh != nil { text.append("\u{FFFD}") }
        fields.startsWithLowSurrogate = nil
        fields.endsWithHighSurrogate = nil
      }
    }
  }

  /// The concatenation the header's information elements give, if any;
  /// other elements are skipped, a malformed concatenation is ignored
  /// (the part then reads as a whole message).
  private static func concatenation(
    _ reader: PDUReader, from start: Int, to end: Int
  ) throws(PDUError) -> Concatenation? {
    var index = start
    var found: Concatenation? = nil
    while index < end {
      guard index + 1 < end else {
        throw PDUError(offset: index, reason: "information element without its length")
      }
      let identifier = reader[index]
      let length = Int(reader[index + 1])
      let value = index + 2
      guard value + length <= end else {
        throw PDUError(
          offset: index + 1, reason: "information element of \(length) octets past the header")
      }
      switch (identifier, length) {
      case (0x00, 3):
        found = Concatenation(
          reference: Int(reader[value]), total: Int(reader[value + 1]),
          sequence: Int(reader[value + 2]), isWide: false)
      case (0x08, 4):
        found = Concatenation(
          reference: Int(reader[value]) << 8 | Int(reader[value + 1]),
          total: Int(reader[value + 2]), sequence: Int(reader[value + 3]), isWide: true)
      default: break
      }
      index = value + length
    }
    guard let part = found, part.total > 0, (1...part.total).contains(part.sequence) else {
      return nil
    }
    return part
  }
}
