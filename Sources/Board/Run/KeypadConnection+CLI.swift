import EvdevDevice
import EvdevInput

extension KeypadConnection {
  /// Opens the keypad at start-up (`run`, `record`), turning a failure into
  /// the one-line error the user can act on; returns its path and name.
  public mutating func openForCommand(keymap: Keymap) throws(CLIError) -> (
    path: String, name: String
  ) {
    do throws(InputError) {
      if case .connected(let path, let name) = try open() { return (path, name) }
      throw .noSuchDevice(path: input)
    } catch {
      if input == "auto", case .noSuchDevice = error {
        throw CLIError(
          "no keypad: no device in \(directory) has the keys of keymap \(keymap.name) "
            + "(is it plugged in? may this user read \(directory)/event*? see docs/deploy.md)")
      }
      throw CLIError(error.message)
    }
  }
}
