import DisplayDriver

/// A text sink that keeps what is written, for tests of the text displays.
struct StringSink: TextSink {
  /// Everything written, in order.
  var text = ""

  mutating func write(_ text: String) { self.text += text }
}
