import Board
import CharacterLCD
import KeypadInput
import PNGImage

/// PNG pictures of LCD frames, written to files: the pure renderer draws the
/// pixels, PNGImage encodes them, `FileIO` writes the file.
public enum Screenshots {
  /// Writes the picture of `frame` to `path` (mode 0644).
  public static func write(_ frame: LCDFrame, to path: String, options: PictureOptions) throws {
    let picture = PixelRenderer.render(frame, options: options)
    let png: [UInt8]
    do {
      png = try PNGEncoder.encode(
        width: picture.width, height: picture.height, rgb: picture.pixels)
    } catch {
      throw CLIError("\(path): \(error)")
    }
    try FileIO.writeAtomically(png, to: path, mode: 0o644)
  }

  /// The file name of the `index`-th frame (from 1) of `count`, shown at
  /// `time`: `0001-1.250s.png`, the number padded to at least four digits
  /// and to as many as `count` has, so the names sort in time order.
  public static func frameName(index: Int, of count: Int, time: Instant) -> String {
    let number = String(index)
    let width = Swift.max(4, String(count).count)
    return String(repeating: "0", count: Swift.max(0, width - number.count)) + number
      + "-\(time).png"
  }

  /// A scenario file's name without `.scenario`, its folder kept after a
  /// dash so two folders' `hello.scenario` do not share a picture:
  /// `Scenarios/t9/hello.scenario` is `t9-hello`.
  public static func scenarioName(_ file: String) -> String {
    var name = Substring(file)
    if name.hasSuffix(".scenario") { name = name.dropLast(".scenario".count) }
    let parts = name.split(separator: "/")
    guard let last = parts.last else { return "scenario" }
    guard parts.count >= 2 else { return String(last) }
    return "\(parts[parts.count - 2])-\(last)"
  }
}
