/// Everything a PDU says besides its text: what kind it is, who sent it
/// or is to receive it, when, how its text is coded, and which part of a
/// longer message it is.
public struct PDUFields: Sendable, Hashable {
  /// Which message it is.
  public var kind: PDUKind
  /// The service centre in the PDU's first field, if it names one.
  public var serviceCentre: PhoneAddress?
  /// The sender of a delivered message, the recipient of a submitted one,
  /// or the recipient a status report is about.
  public var address: PhoneAddress
  /// When the service centre received the message (for a status report:
  /// when it delivered it, or gave up), if the PDU's stamp is valid.
  public var time: SMSTimestamp?
  /// How the text is coded.
  public var coding: DataCoding
  /// The part of a longer message this is, if it is one.
  public var concatenation: Concatenation?
  /// The message reference (submitted messages and status reports).
  public var messageReference: UInt8
  /// What became of the message (status reports only).
  public var status: DeliveryStatus?
  /// Whether a status report is requested (submit), or the report answers
  /// such a request.
  public var statusReportRequested: Bool
  /// The protocol identifier (0x40 is a silent "type 0" message).
  public var protocolIdentifier: UInt8
  /// The first half of a UTF-16 pair that ends a UCS-2 part, for the next
  /// part to complete (not in the text).
  public var endsWithHighSurrogate: UInt16?
  /// The second half of a UTF-16 pair that starts a UCS-2 part, completing
  /// the previous part's (not in the text).
  public var startsWithLowSurrogate: UInt16?
}
