import DisplayDriver
import EvdevInput
import KeypadInput

/// Finds and reads keymaps: `--keymap NAME` is `Keymaps/NAME.keymap` (in
/// the working folder, else beside the executable's `Keymaps/`), a value
/// with a `/` or ending in `.keymap` is a path.
public enum KeymapFiles {
  /// The folder of the shipped keymaps.
  public static let folder = "Keymaps"

  /// The path `name` refers to.
  public static func path(of name: String, relativeTo base: String? = nil) -> String {
    if name.contains("/") || name.hasSuffix(".keymap") {
      if let base, !name.hasPrefix("/") { return base + "/" + name }
      return name
    }
    return folder + "/" + name + ".keymap"
  }

  /// Reads and parses a keymap; a parse error is `file:line: error: …`.
  public static func load(_ name: String, relativeTo base: String? = nil) throws(CLIError)
    -> Keymap
  {
    let (path, text) = try read(name, relativeTo: base)
    do {
      return try Keymap.parse(text, file: path)
    } catch {
      if (try? LCDprocKeymap.parse(text, file: path)) != nil {
        throw CLIError("\(path) is an lcdproc keymap: it maps LCDd's keys, for --input lcdproc")
      }
      throw CLIError(error.message)
    }
  }

  /// Reads and parses an lcdproc keymap (`--input lcdproc`): the same
  /// lookup as an evdev keymap, a different format (docs/displays.md, "LCDd (lcdproc)").
  public static func loadLCDproc(_ name: String, relativeTo base: String? = nil)
    throws(CLIError) -> LCDprocKeymap
  {
    let (path, text) = try read(name, relativeTo: base)
    do {
      return try LCDprocKeymap.parse(text, file: path)
    } catch {
      throw CLIError(error.message)
    }
  }

  /// The path `name` refers to and the file's text; a missing keymap says
  /// where the shipped ones are.
  private static func read(_ name: String, relativeTo base: String?) throws(CLIError) -> (
    path: String, text: String
  ) {
    let path = path(of: name, relativeTo: base)
    guard FileIO.exists(path) else {
      throw CLIError("\(path): no such keymap (the shipped ones are in \(folder)/)")
    }
    return (path, try FileIO.readText(path))
  }
}
