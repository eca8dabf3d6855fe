import CharacterLCD

/// A 16x2 frame (ROM A00) showing `text` on its first row, the second
/// blank: the frame tests of displays show.
public func topRowFrame(_ text: String) -> LCDFrame {
  var frame = LCDFrame(geometry: .lcd16x2, rom: .a00)
  for (column, scalar) in text.unicodeScalars.enumerated() {
    frame[0, column] = UInt8(scalar.value)
  }
  return frame
}
