import CharacterLCD

/// Where the firmware's frames go, as `--display` names it: `terminal`,
/// `text`, `i2c:/dev/i2c-1@0x27[,wiring=backpack|lcdproc][,backlight=high|low]`,
/// `lcdproc[:HOST[:PORT]]` or `none`. A scenario's `display` header line
/// names one too (`display i2c wiring=lcdproc`: the simulated backpack,
/// `I2CDisplaySettings.simulated`; `display lcdproc`: LCDd's default
/// address, where the scenario's simulated LCDd stands).
public enum DisplaySpec: Sendable, Hashable {
  /// The ANSI picture in this terminal.
  case terminal
  /// Text blocks on standard output.
  case text
  /// An HD44780 on a PCF8574 backpack through Linux i2c-dev.
  case i2c(I2CDisplaySettings)
  /// lcdproc's LCDd.
  case lcdproc(host: String, port: UInt16)
  /// Nowhere.
  case none

  /// What a scenario runs on when its header names no display: the
  /// simulated backpack, usually wired.
  public static let scenarioDefault = DisplaySpec.i2c(.simulated())

  /// LCDd at its default address (`lcdproc`).
  public static let lcdprocDefault = DisplaySpec.lcdproc(host: "127.0.0.1", port: 13666)

  /// Whether the spec names a display device (a module on I2C, LCDd)
  /// rather than this process's own output (the terminal, text on
  /// standard output) or nothing: the simulator, which draws its module in
  /// the terminal itself, mirrors it on a device only.
  public var isDevice: Bool {
    switch self {
    case .i2c, .lcdproc: true
    case .terminal, .text, .none: false
    }
  }

  /// LCDd's port when none is given.
  public static var defaultLCDprocPort: UInt16 { 13666 }

  /// Parses a `--display` value; the error says what is wrong and what is
  /// accepted.
  public static func parse(_ text: String) -> Result<DisplaySpec, DisplaySpecError> {
    switch text {
    case "terminal": return .success(.terminal)
    case "text": return .success(.text)
    case "none": return .success(.none)
    default: break
    }
    if text == "lcdproc" || text.hasPrefix("lcdproc:") {
      return parseLCDproc(text.dropFirst("lcdproc".count))
    }
    if text.hasPrefix("i2c:") { return parseI2C(text.dropFirst(4)) }
    return .failure(
      DisplaySpecError(
        "unknown display '\(text)' (terminal, text, i2c:/dev/i2c-N@0xADDR, lcdproc[:HOST[:PORT]], none)"
      ))
  }

  private static func parseLCDproc(_ rest: Substring) -> Result<DisplaySpec, DisplaySpecError> {
    var host = "127.0.0.1"
    var port = defaultLCDprocPort
    let parts = rest.split(separator: ":", omittingEmptySubsequences: false).dropFirst()
    if let first = parts.first, !first.isEmpty { host = String(first) }
    if parts.count >= 2 {
      guard let value = UInt16(parts[parts.startIndex + 1]), value > 0 else {
        return .failure(
          DisplaySpecError("bad LCDd port '\(parts[parts.startIndex + 1])' (1–65535)"))
      }
      port = value
    }
    guard parts.count <= 2 else {
      return .failure(DisplaySpecError("write lcdproc, lcdproc:HOST or lcdproc:HOST:PORT"))
    }
    return .success(.lcdproc(host: host, port: port))
  }

  /// Parses the words after a scenario header's `display`: `i2c` with its
  /// settings (`wiring=…`, `backlight=…`: the simulated backpack so wired)
  /// or `lcdproc` (LCDd's default address, where the scenario's simulated
  /// LCDd stands). The error's `setting` is the index among `words` of the
  /// word that is wrong. `scenarioHeaderLine` writes what this reads.
  public static func parseScenarioHeader(_ words: [Substring]) -> Result<
    DisplaySpec, DisplaySpecError
  > {
    switch words.first {
    case "i2c":
      switch i2cWiring(Array(words.dropFirst())) {
      case .success(let wiring): return .success(.i2c(.simulated(wiring: wiring)))
      case .failure(let error):
        return .failure(DisplaySpecError(error.description, setting: (error.setting ?? 0) + 1))
      }
    case "lcdproc":
      guard words.count == 1 else {
        return .failure(DisplaySpecError("unexpected '\(words[1])'", setting: 1))
      }
      return .success(.lcdprocDefault)
    default:
      return .failure(
        DisplaySpecError("unknown display '\(words.first ?? "")' (i2c, lcdproc)", setting: 0))
    }
  }

  /// The scenario header line that names this display (`display i2c
  /// wiring=NAME`, with `backlight=high|low` when the polarity is not the
  /// named wiring's own; `display lcdproc`), a comment for an I2C wiring
  /// neither named wiring has, nil for a display scenarios do not run on.
  public var scenarioHeaderLine: String? {
    switch self {
    case .i2c(let settings):
      let wiring = settings.wiring
      let named: [(String, PCF8574Wiring)] = [("backpack", .backpack), ("lcdproc", .lcdproc)]
      let polarity = wiring.backlightActiveHigh
      guard
        let (name, preset) = named.first(where: {
          $0.1.withBacklight(activeHigh: polarity) == wiring
        })
      else { return "# display: an I2C wiring the format cannot name; the default is used" }
      let backlight =
        preset.backlightActiveHigh == polarity
        ? "" : polarity ? " backlight=high" : " backlight=low"
      return "display i2c wiring=\(name)\(backlight)"
    case .lcdproc: return "display lcdproc"
    case .terminal, .text, .none: return nil
    }
  }

  /// The wiring that I2C display settings name (`wiring=backpack|lcdproc`,
  /// `backlight=high|low`, in any order; a backlight polarity overrides the
  /// wiring's): the one reader of them, for `--display` and the scenario
  /// header's `display i2c`. An unknown setting is an error that says which.
  public static func i2cWiring(_ settings: [Substring]) -> Result<PCF8574Wiring, DisplaySpecError> {
    var wiring = PCF8574Wiring.backpack
    var activeHigh: Bool?
    for (index, setting) in settings.enumerated() {
      switch setting {
      case "wiring=backpack": wiring = .backpack
      case "wiring=lcdproc": wiring = .lcdproc
      case "backlight=high": activeHigh = true
      case "backlight=low": activeHigh = false
      default:
        return .failure(
          DisplaySpecError(
            "unknown I2C display setting '\(setting)' (wiring=backpack|lcdproc, backlight=high|low)",
            setting: index))
      }
    }
    if let activeHigh { wiring = wiring.withBacklight(activeHigh: activeHigh) }
    return .success(wiring)
  }

  private static func parseI2C(_ rest: Substring) -> Result<DisplaySpec, DisplaySpecError> {
    let fields = rest.split(separator: ",", omittingEmptySubsequences: false)
    guard let target = fields.first, let at = target.lastIndex(of: "@") else {
      return .failure(
        DisplaySpecError("write i2c:/dev/i2c-N@0xADDR, e.g. i2c:/dev/i2c-1@0x27"))
    }
    let path = String(target[..<at])
    let addressText = target[target.index(after: at)...]
    guard path.hasPrefix("/"), path.count > 1 else {
      return .failure(DisplaySpecError("the I2C adapter must be a path such as /dev/i2c-1"))
    }
    let address: UInt8?
    if addressText.hasPrefix("0x") || addressText.hasPrefix("0X") {
      address = UInt8(addressText.dropFirst(2), radix: 16)
    } else {
      address = UInt8(addressText)
    }
    guard let address, (0x20...0x27).contains(address) || (0x38...0x3F).contains(address) else {
      return .failure(
        DisplaySpecError(
          "bad I2C address '\(addressText)': a PCF8574 answers at 0x20–0x27, a PCF8574A at 0x38–0x3F"
        ))
    }
    let wiring: PCF8574Wiring
    switch i2cWiring(Array(fields.dropFirst())) {
    case .success(let named): wiring = named
    case .failure(let error): return .failure(error)
    }
    return .success(.i2c(I2CDisplaySettings(path: path, address: address, wiring: wiring)))
  }
}
