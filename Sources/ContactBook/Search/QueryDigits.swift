/// A query as the matcher sees it: the digits matched against names (0–9)
/// and against numbers (0–9, `*` as 10, `#` as 11). Only valid inside the
/// closure that made the buffers.
struct QueryDigits {
  /// The name digits.
  var name: UnsafeBufferPointer<UInt8>
  /// The number digits.
  var number: UnsafeBufferPointer<UInt8>
  /// Whether the number digits are all 0–9 (no `*` or `#`).
  var numberIsPlain: Bool
}
