import CharacterLCD

/// A frame as the page's canvas takes it: drawn by `PixelRenderer`, the
/// renderer of `replay --png`, then widened to RGBA (what a canvas's
/// `ImageData` holds) in a buffer the caller keeps, so the same frame
/// gives the same pixels in the page and in the PNG.
public enum PagePicture {
  /// Draws `frame` with `options` into `rgba` (reusing its storage when it
  /// is large enough); the picture's width and height.
  public static func draw(
    _ frame: LCDFrame, options: PictureOptions, into rgba: inout [UInt8]
  ) -> (width: Int, height: Int) {
    let picture = PixelRenderer.render(frame, options: options)
    let count = picture.width * picture.height * 4
    if rgba.count < count {
      rgba = [UInt8](repeating: 0, count: count)
    }
    picture.pixels.withUnsafeBufferPointer { rgb in
      rgba.withUnsafeMutableBufferPointer { out in
        var source = 0
        var target = 0
        while target < count {
          out[target] = rgb[source]
          out[target + 1] = rgb[source + 1]
          out[target + 2] = rgb[source + 2]
          out[target + 3] = 255
          source += 3
          target += 4
        }
      }
    }
    return (picture.width, picture.height)
  }
}
