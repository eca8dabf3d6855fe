/// A scenario file found for `t9phone test`, with where it was found.
public struct ScenarioFileEntry: Sendable, Equatable {
  /// The path, as given or as found under a folder given.
  public let path: String
  /// The folder given on the command line it was found in; nil when the
  /// file itself was named.
  public let root: String?
  /// The path below `root` (`t9/hello.scenario`), or the file's name when it
  /// was named: the same wherever the folder is, so `--shard` is stable.
  public let relativePath: String
}
