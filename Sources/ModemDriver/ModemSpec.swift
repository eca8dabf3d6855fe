/// Which modem the phone talks to, as `--modem` and the scenario header
/// `modem` name it: `none`, `sim` (the simulated network) or
/// `tty:PATH[@BAUD]` (a serial line speaking 3GPP TS 27.007/27.005).
public enum ModemSpec: Sendable, Hashable, CustomStringConvertible {
  /// No modem: messages wait in the outbox.
  case none
  /// The simulated network behind the same driver.
  case simulated
  /// A serial line and its speed.
  case tty(path: String, baud: Int)

  /// The speed when `tty:PATH` gives none.
  public static let defaultBaud = 115_200
  /// The speeds a serial line can be set to.
  public static let baudRates = [9_600, 19_200, 38_400, 57_600, 115_200, 230_400, 460_800, 921_600]

  /// Reads a spec; the error says what was wrong.
  public static func parse(_ text: String) -> Result<ModemSpec, ModemSpecError> {
    switch text {
    case "none": return .success(.none)
    case "sim": return .success(.simulated)
    default: break
    }
    guard text.hasPrefix("tty:") else {
      return .failure(
        ModemSpecError("expected none, sim or tty:PATH[@BAUD], got '\(text)'"))
    }
    let rest = text.dropFirst(4)
    var path = Substring(rest)
    var baud = defaultBaud
    if let at = rest.lastIndex(of: "@") {
      path = rest[..<at]
      let speed = rest[rest.index(after: at)...]
      guard let value = Int(speed), baudRates.contains(value) else {
        return .failure(
          ModemSpecError(
            "bad speed '\(speed)' (one of 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600)"
          ))
      }
      baud = value
    }
    guard !path.isEmpty else {
      return .failure(ModemSpecError("tty: needs a path, e.g. tty:/dev/ttyUSB2"))
    }
    return .success(.tty(path: String(path), baud: baud))
  }

  /// The spec as written: `none`, `sim`, `tty:/dev/ttyUSB2@115200`.
  public var description: String {
    switch self {
    case .none: "none"
    case .simulated: "sim"
    case .tty(let path, let baud): "tty:\(path)@\(baud)"
    }
  }
}

/// Why a modem spec was refused.
public struct ModemSpecError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong.
  public let description: String

  /// An error that says `description`.
  public init(_ description: String) { self.description = description }
}
