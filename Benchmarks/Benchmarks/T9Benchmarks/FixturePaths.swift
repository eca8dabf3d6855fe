/// Where the repository's data lives, relative to the benchmark's working
/// directory (`Benchmarks/`).
enum FixturePaths {
  static let root = ".."
}
