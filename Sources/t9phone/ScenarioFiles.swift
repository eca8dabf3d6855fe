import FoundationEssentials

/// Finds and reads scenario files for the `test` and `replay` commands.
enum ScenarioFiles {
  /// Every `*.scenario` file under the paths (files are taken as they are,
  /// folders searched recursively), sorted within each folder.
  static func collect(_ paths: [String]) throws -> [String] {
    var files: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isDirectory: Bool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CLIError("\(path): no such file or directory")
      }
      if !isDirectory {
        files.append(path)
        continue
      }
      let relatives: [String]
      do {
        relatives = try manager.subpathsOfDirectory(atPath: path)
      } catch {
        throw CLIError("\(path): cannot read the folder")
      }
      var found: [String] = []
      for relative in relatives where relative.hasSuffix(".scenario") {
        found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
      }
      files.append(contentsOf: found.sorted())
    }
    return files
  }

  /// The file's text, decoded as UTF-8.
  static func read(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CLIError("\(path): cannot read the file")
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw CLIError("\(path): not valid UTF-8")
    }
    return text
  }
}
