/// Recognises the names of evdev nodes in `/dev/input` (`event0`, `event12`).
enum EventDeviceName {
  /// The number of an `event<N>` name, or nil for other names (`mouse0`, `by-id`).
  static func number(of name: String) -> Int? {
    guard name.hasPrefix("event") else { return nil }
    let digits = name.dropFirst("event".count)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(digits)
  }

  /// The `event<N>` names among `names`, by number (`event2` before `event10`).
  static func sorted(_ names: [String]) -> [String] {
    names.compactMap { name in number(of: name).map { (name, $0) } }
      .sorted { $0.1 < $1.1 }
      .map { $0.0 }
  }

  /// Joins a directory and a name.
  static func path(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
