/// One call in the log: who, when, how long.
public struct CallRecord: Sendable, Hashable {
  /// Dialled, received or missed.
  public var kind: CallKind
  /// The number (digits, `+`, `*`, `#`; empty when withheld).
  public var number: String
  /// When the call began, in seconds since 1970 (UTC).
  public var time: Int64
  /// How long it was connected, in seconds (0 when it never was).
  public var duration: UInt32

  /// A record of a `kind` call with `number` at `time`, connected for
  /// `duration` seconds.
  public init(kind: CallKind, number: String, time: Int64, duration: UInt32) {
    self.kind = kind
    self.number = number
    self.time = time
    self.duration = duration
  }

  /// The longest number a record keeps.
  public static let maximumNumber = 40

  /// The size of one record in the log's file.
  public static let size = 64

  /// The record's bytes, `sequence` numbering it among all records ever
  /// written: a marker, the kind, the sequence, the time, the duration,
  /// the number's length and bytes (zero-padded), and an FNV-1a checksum of
  /// all before it.
  func encoded(sequence: UInt32) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: Self.size)
    bytes[0] = Self.marker
    bytes[1] = kind.rawValue
    Self.put(UInt64(sequence), bytes: 4, at: 2, in: &bytes)
    Self.put(UInt64(bitPattern: time), bytes: 8, at: 6, in: &bytes)
    Self.put(UInt64(duration), bytes: 4, at: 14, in: &bytes)
    let digits = Array(number.utf8.prefix(Self.maximumNumber))
    bytes[18] = UInt8(digits.count)
    for (index, byte) in digits.enumerated() { bytes[19 + index] = byte }
    Self.put(UInt64(Self.checksum(bytes[0..<60])), bytes: 4, at: 60, in: &bytes)
    return bytes
  }

  /// The record `bytes` holds and its sequence, or nil when they are no
  /// whole record (an empty slot, a torn write, a flipped bit).
  static func decode(_ bytes: ArraySlice<UInt8>) -> (record: CallRecord, sequence: UInt32)? {
    guard bytes.count == Self.size else { return nil }
    let base = bytes.startIndex
    guard bytes[base] == Self.marker,
      UInt32(truncatingIfNeeded: get(bytes, base + 60, 4)) == checksum(bytes[base..<(base + 60)]),
      let kind = CallKind(rawValue: bytes[base + 1])
    else { return nil }
    let sequence = UInt32(truncatingIfNeeded: get(bytes, base + 2, 4))
    let length = Int(bytes[base + 18])
    guard sequence > 0, length <= Self.maximumNumber else { return nil }
    let digits = bytes[(base + 19)..<(base + 19 + length)]
    guard digits.allSatisfy(isDialable) else { return nil }
    let record = CallRecord(
      kind: kind, number: String(decoding: digits, as: UTF8.self),
      time: Int64(bitPattern: get(bytes, base + 6, 8)),
      duration: UInt32(truncatingIfNeeded: get(bytes, base + 14, 4)))
    return (record, sequence)
  }

  static let marker: UInt8 = 0xC1

  static func isDialable(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || byte == 0x2A || byte == 0x23 || byte == 0x2B
  }

  private static func put(
    _ value: UInt64, bytes count: Int, at offset: Int, in bytes: inout [UInt8]
  ) {
    for index in 0..<count {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index))
    }
  }

  private static func get(_ bytes: ArraySlice<UInt8>, _ offset: Int, _ count: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<count { value |= UInt64(bytes[offset + index]) << (8 * index) }
    return value
  }

  /// FNV-1a, 32 bits.
  static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes {
      hash ^= UInt32(byte)
      hash = hash &* 16_777_619
    }
    return hash
  }
}
