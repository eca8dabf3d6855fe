import ArgumentParser
import Board
import CharacterLCD
import Host

/// `--palette` and `--scale`: how PNG pictures of the LCD look.
struct PictureArguments: ParsableArguments {
  @Option(help: "The LCD's colours in PNG pictures: yellow-green or blue-white.")
  var palette = "yellow-green"

  @Option(help: "The PNG pictures' scale, 1–8 (1: a 16x2 LCD is 396x98 pixels).")
  var scale = 2

  /// The picture options, or a CLI error naming the bad value.
  func options() throws -> PictureOptions {
    guard let colours = LCDPalette(name: palette) else {
      throw CLIError("unknown --palette '\(palette)': use yellow-green or blue-white")
    }
    guard PictureLayout.scales.contains(scale) else {
      throw CLIError("--scale \(scale) is out of range: use 1 to 8")
    }
    return PictureOptions(palette: colours, scale: scale)
  }
}
