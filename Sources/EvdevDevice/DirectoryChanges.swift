/// What one read of an inotify descriptor reported.
public struct DirectoryChanges: Sendable, Hashable {
  /// The names of the entries created or changed, in the order reported.
  public var names: [String]
  /// The kernel's inotify queue overflowed: changes were lost, so rescan.
  public var overflowed: Bool
  /// The watched directory went away (`IN_IGNORED`): the watch must be added again.
  public var watchRemoved: Bool

  /// Creates a report.
  public init(names: [String] = [], overflowed: Bool = false, watchRemoved: Bool = false) {
    self.names = names
    self.overflowed = overflowed
    self.watchRemoved = watchRemoved
  }
}
