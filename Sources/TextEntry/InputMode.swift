/// How the letter keys type: predictive text, multi-tap letters or digits.
public enum InputMode: Sendable, Hashable, CaseIterable {
  /// T9 predictive text (available once a dictionary is loaded).
  case predictive
  /// Multi-tap letters ("abc").
  case multitap
  /// Digits ("123").
  case numeric

  /// The name used in settings, scenarios and on the status row, combined with
  /// the letter case (`Abc`, `abc`, `ABC`, `123`, `T9 Abc`).
  public func indicator(_ letterCase: LetterCase) -> String {
    switch self {
    case .numeric: "123"
    case .multitap: letterCase.indicator
    case .predictive: "T9 " + letterCase.indicator
    }
  }
}
