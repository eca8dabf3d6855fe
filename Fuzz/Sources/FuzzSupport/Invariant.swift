/// A property a target checks on every input besides "does not crash"
/// (parse → write → parse gives the same, an error points into the file):
/// when it fails the process stops, so libFuzzer saves the input as a
/// crash.
public enum Invariant {
  /// Stops the process with `message` unless `condition` holds.
  public static func check(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #file, line: UInt = #line
  ) {
    if !condition() { fatalError("invariant: \(message())", file: file, line: line) }
  }
}
