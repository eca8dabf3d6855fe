/// What kind of call a log entry is.
public enum CallKind: UInt8, Sendable, Hashable, CaseIterable {
  /// The phone dialled it.
  case dialled = 0
  /// It rang in and was answered.
  case received = 1
  /// It rang in and stopped unanswered.
  case missed = 2
}
