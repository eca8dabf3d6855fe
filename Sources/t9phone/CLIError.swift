/// A user-facing error: printed as one line, exit status 2.
struct CLIError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
