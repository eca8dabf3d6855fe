/// A metric with its help text, kind and samples: one block of the
/// Prometheus text format, as node_exporter's textfile collector reads it.
public struct MetricFamily: Sendable, Hashable {
  /// The metric's name, `t9phone_repairs_total`.
  public let name: String
  /// One line of help.
  public let help: String
  /// Counter or gauge.
  public let kind: MetricKind
  /// The values, one per label set.
  public var samples: [MetricSample]

  /// A family, or nil when the name or a label name is not one Prometheus
  /// accepts (`[a-zA-Z_:][a-zA-Z0-9_:]*`, labels without `:`).
  public init?(name: String, help: String, kind: MetricKind, samples: [MetricSample]) {
    guard MetricFamily.isValidName(name, colons: true) else { return nil }
    for sample in samples {
      for label in sample.labels where !MetricFamily.isValidName(label.name, colons: false) {
        return nil
      }
    }
    self.name = name
    self.help = help
    self.kind = kind
    self.samples = samples
  }

  /// The block: `# HELP`, `# TYPE`, then one line per sample, each ending
  /// in a newline.
  public var text: String {
    var text = "# HELP \(name) \(MetricFamily.escaped(help, quotes: false))\n"
    text += "# TYPE \(name) \(kind.rawValue)\n"
    for sample in samples {
      text += name
      if !sample.labels.isEmpty {
        text += "{"
        for (index, label) in sample.labels.enumerated() {
          if index > 0 { text += "," }
          text += "\(label.name)=\"\(MetricFamily.escaped(label.value, quotes: true))\""
        }
        text += "}"
      }
      text += " \(sample.value)\n"
    }
    return text
  }

  /// A whole exposition: the families' blocks in order.
  public static func exposition(_ families: [MetricFamily]) -> String {
    var text = ""
    for family in families { text += family.text }
    return text
  }

  private static func isValidName(_ name: String, colons: Bool) -> Bool {
    guard let first = name.utf8.first else { return false }
    func letter(_ byte: UInt8) -> Bool {
      (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        || (colons && byte == 0x3A)
    }
    guard letter(first) else { return false }
    for byte in name.utf8 where !letter(byte) && !(byte >= 0x30 && byte <= 0x39) {
      return false
    }
    return true
  }

  /// Help text escapes `\` and newlines; label values also `"`.
  private static func escaped(_ text: String, quotes: Bool) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\"" where quotes: result += "\\\""
      default: result.append(character)
      }
    }
    return result
  }
}
