/// Why a PDU could not be read, and where: the offset of the byte at
/// fault, counted from the PDU's first byte (the SMSC field's length).
public struct PDUError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The offset of the byte at fault (the PDU's length when it ends too
  /// soon).
  public let offset: Int
  /// What is wrong, in a few words.
  public let reason: String

  /// An error at `offset`.
  public init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  /// `byte N: reason`.
  public var description: String { "byte \(offset): \(reason)" }
}
