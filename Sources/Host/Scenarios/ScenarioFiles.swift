import Board

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Finds and reads scenario files for the `test` and `replay` commands.
public enum ScenarioFiles {
  /// Every `*.scenario` file under the paths (files are taken as they are,
  /// folders searched recursively), sorted within each folder.
  public static func collect(_ paths: [String]) throws -> [String] {
    try entries(paths).map { $0.path }
  }

  /// As `collect(_:)`, each file with the folder it was found in (nil for a
  /// file named directly) and its path relative to that folder (its file
  /// name when named directly): what `--shard` hashes and `--junit` groups by.
  public static func entries(_ paths: [String]) throws -> [ScenarioFileEntry] {
    var files: [ScenarioFileEntry] = []
    for path in paths {
      var status = stat()
      guard stat(path, &status) == 0 else { throw CLIError("\(path): no such file or directory") }
      if (status.st_mode & S_IFMT) != S_IFDIR {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        files.append(ScenarioFileEntry(path: path, root: nil, relativePath: name))
        continue
      }
      var found: [String] = []
      let root = path.hasSuffix("/") ? String(path.dropLast()) : path
      try walk(root, into: &found)
      for file in found.sorted() {
        let relative = String(file.utf8.dropFirst(root.utf8.count + 1)) ?? file
        files.append(ScenarioFileEntry(path: file, root: root, relativePath: relative))
      }
    }
    return files
  }

  private static func walk(_ folder: String, into found: inout [String]) throws {
    guard let directory = opendir(folder) else {
      throw CLIError("\(folder): cannot read the folder")
    }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let path = "\(folder)/\(name)"
      var status = stat()
      guard stat(path, &status) == 0 else { continue }
      if (status.st_mode & S_IFMT) == S_IFDIR {
        try walk(path, into: &found)
      } else if name.hasSuffix(".scenario") {
        found.append(path)
      }
    }
  }

  /// The file's text, decoded as UTF-8.
  public static func read(_ path: String) throws -> String { try FileIO.readText(path) }
}
