import TextEntry

/// The default input modes offered in settings, in order.
public enum InputModeChoice: MenuItem {
  /// T9, sentence case.
  case predictiveSentence
  /// T9, lower case.
  case predictiveLower
  /// T9, upper case.
  case predictiveUpper
  /// Multi-tap, sentence case.
  case multitapSentence
  /// Multi-tap, lower case.
  case multitapLower
  /// Multi-tap, upper case.
  case multitapUpper
  /// Digits.
  case numeric

  /// The input mode.
  public var mode: InputMode {
    switch self {
    case .predictiveSentence, .predictiveLower, .predictiveUpper: .predictive
    case .multitapSentence, .multitapLower, .multitapUpper: .multitap
    case .numeric: .numeric
    }
  }

  /// The letter case (sentence for digits).
  public var letterCase: LetterCase {
    switch self {
    case .predictiveLower, .multitapLower: .lower
    case .predictiveUpper, .multitapUpper: .upper
    case .predictiveSentence, .multitapSentence, .numeric: .sentence
    }
  }

  /// The mode indicator, as the status row shows it (`T9 Abc`, `abc`, `123`).
  public var title: String { mode.indicator(letterCase) }

  /// The choice whose indicator is `text`, spaces ignored (`T9Abc`, `abc`,
  /// `123`): how settings and scenarios name a mode.
  public init?(indicator text: String) {
    let wanted = text.filter { $0 != " " }
    guard
      let choice = InputModeChoice.allCases.first(where: { $0.title.filter { $0 != " " } == wanted }
      )
    else { return nil }
    self = choice
  }

  /// Makes the choice the default, or refuses T9 without a dictionary.
  func action(_ context: inout ScreenContext) -> ScreenAction {
    if mode == .predictive && context.predictor == nil { return .notice("No dictionary") }
    context.settings.defaultMode = mode
    if mode != .numeric { context.settings.defaultCase = letterCase }
    return ScreenAction(.pop(1), notice: "Saved")
  }
}
