#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Finds and reads scenario files for the `test` and `replay` commands.
enum ScenarioFiles {
  /// Every `*.scenario` file under the paths (files are taken as they are,
  /// folders searched recursively), sorted within each folder.
  static func collect(_ paths: [String]) throws -> [String] {
    var files: [String] = []
    for path in paths {
      var status = stat()
      guard stat(path, &status) == 0 else { throw CLIError("\(path): no such file or directory") }
      if (status.st_mode & S_IFMT) != S_IFDIR {
        files.append(path)
        continue
      }
      var found: [String] = []
      try walk(path.hasSuffix("/") ? String(path.dropLast()) : path, into: &found)
      files.append(contentsOf: found.sorted())
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
  static func read(_ path: String) throws -> String { try FileIO.readText(path) }
}
