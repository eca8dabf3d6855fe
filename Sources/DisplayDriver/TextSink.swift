/// Where a text display's output goes: standard output for the executable
/// (`DisplayDevice`'s `DescriptorSink`), a string in tests. The one call a
/// text or terminal display makes to the outside.
public protocol TextSink {
  /// Writes `text`, all of it, in order.
  mutating func write(_ text: String)
}
