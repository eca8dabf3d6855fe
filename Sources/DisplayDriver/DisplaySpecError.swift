/// A `--display` value that cannot be used, and why.
public struct DisplaySpecError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, with what would be accepted.
  public let description: String
  /// Which of the I2C settings given is wrong (its index among them), when
  /// one is.
  public let setting: Int?

  /// An error saying `description`, about the I2C setting at `setting`.
  public init(_ description: String, setting: Int? = nil) {
    self.description = description
    self.setting = setting
  }
}
