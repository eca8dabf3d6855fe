/// Writes a text as the SMS-DELIVER PDUs a network delivers, split as
/// `SubmitEncoder` splits (GSM-7 when it fits, else UCS-2; 153/67 a part):
/// what the simulated network puts in the modem's storage.
public struct DeliverEncoder {
  /// The sender: a number or a name.
  public var sender: PhoneAddress
  /// The service centre's time stamp.
  public var time: SMSTimestamp
  /// The concatenation reference (16-bit when over 255).
  public var reference: Int
  /// Whether the message is a flash message (class 0).
  public var isFlash: Bool
  /// The service centre named in each PDU's first field.
  public var serviceCentre: PhoneAddress?

  /// An encoder for messages from `sender`.
  public init(
    sender: PhoneAddress, time: SMSTimestamp, reference: Int = 0, isFlash: Bool = false,
    serviceCentre: PhoneAddress? = nil
  ) {
    self.sender = sender
    self.time = time
    self.reference = reference & 0xFFFF
    self.isFlash = isFlash
    self.serviceCentre = serviceCentre
  }

  /// The PDUs of `text`, one a part (at most 255 parts are written).
  public func encode(_ text: some RandomAccessCollection<Unicode.Scalar>) -> [[UInt8]] {
    let scalars = Array(text)
    let ranges = SubmitEncoder.parts(of: scalars, wideReference: reference > 255).prefix(255)
    let alphabet = SubmitEncoder.alphabet(for: scalars)
    var pdus: [[UInt8]] = []
    for (index, range) in ranges.enumerated() {
      var pdu: [UInt8] = []
      if let serviceCentre {
        pdu.append(UInt8(serviceCentre.octetCount + 1))
        pdu.append(serviceCentre.typeOfAddress)
        pdu.append(contentsOf: serviceCentre.valueOctets)
      } else {
        pdu.append(0x00)
      }
      let concatenated = ranges.count > 1
      // TP-MMS set: no more messages wait in the service centre.
      pdu.append(concatenated ? 0x44 : 0x04)
      sender.write(to: &pdu)
      pdu.append(0x00)
      let concatenation =
        concatenated
        ? Concatenation(
          reference: reference, total: ranges.count, sequence: index + 1,
          isWide: reference > 255)
        : nil
      UserData.write(
        scalars[range], alphabet: alphabet, flash: isFlash, concatenation: concatenation,
        between: time.octets, into: &pdu)
      pdus.append(pdu)
    }
    return pdus
  }
}
