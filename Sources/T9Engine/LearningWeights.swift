/// How the predictor weighs what the user typed against the dictionary.
///
/// Every candidate's weight is an estimate of how likely the word is, on the
/// dictionary's scale (a probability: Zipf z gives 10^(z − 9)):
///
///     p(word) + user × uses(word) / (total + userSmoothing)
///             + context × uses(previous → word) / (uses(previous) + contextSmoothing)
///
/// `uses(word)/total` is the user's own frequency of the word: one choice
/// among thousands of typed words is small next to "a" or "to", but a word
/// the user keeps choosing rises above likelier dictionary words. The
/// smoothing terms keep the first few uses from counting as certainty. The
/// last term is the chance of the word after the previous one. The defaults
/// were tuned by cross-validation on four public-domain texts
/// (docs/performance.md).
public struct LearningWeights: Sendable, Equatable {
  /// The weight of the user's own word frequencies against the dictionary's.
  public var user: Double
  /// How many uses the user's frequencies are shrunk by (a pseudo-count).
  public var userSmoothing: Double
  /// The weight of the (previous word → word) frequencies; 0 ignores context.
  public var context: Double
  /// How many uses of the previous word its pair frequencies are shrunk by.
  public var contextSmoothing: Double

  /// The tuned default weights.
  public init(
    user: Double = 10, userSmoothing: Double = 30000, context: Double = 1000,
    contextSmoothing: Double = 2
  ) {
    self.user = user
    self.userSmoothing = userSmoothing
    self.context = context
    self.contextSmoothing = contextSmoothing
  }
}
