import TextEntry

extension Language: MenuItem {
  /// The language's own name, as the choice lists it.
  public var title: String { displayName }

  /// Makes the language the typing language; the draft commits what it was
  /// composing and continues in the new language.
  func action(_ context: inout ScreenContext) -> ScreenAction {
    let previous = context.settings.language
    context.settings.language = self
    context.services.commitDraft(learningIn: previous)
    context.services.draft.language = self
    context.services.draft.predictor = context.predictor
    return ScreenAction(.pop(1), notice: "Saved")
  }
}
