import Board
import Scenario
import ScenarioText
import TextEntry
import WebPhone

/// Bundles a scenario file for the WebAssembly module (`WebBundle`): its
/// text, the contact file it names and the compiled dictionaries of
/// `folder` (none for `dictionary off`). A scenario that replays evemu
/// recordings needs the host and is refused.
public enum WebBundles {
  /// The bundle of the scenario at `path`.
  public static func bundle(scenario path: String, dictionaries folder: String) throws -> WebBundle
  {
    var bundle = WebBundle()
    bundle.scenarioFile = path
    let text = try ScenarioFiles.read(path)
    bundle.scenario = Array(text.utf8)
    let scenario = try ScenarioParser.parse(text, file: path)
    guard !ScenarioRecordings.contains(scenario.steps) else {
      throw CLIError("\(path): replays an evemu recording, which needs the host")
    }
    if let name = scenario.contactsFile {
      bundle.contacts = try FileIO.read(
        name.hasPrefix("/") ? name : FileIO.directory(of: path) + "/" + name)
    }
    if scenario.usesDictionary {
      for language in Language.allCases {
        let file = folder + "/" + language.code + ".t9dict"
        if FileIO.exists(file) {
          bundle.dictionaries.append((language.code, try FileIO.read(file)))
        }
        let pairs = folder + "/" + language.code + ".t9pairs"
        if FileIO.exists(pairs) { bundle.pairs.append((language.code, try FileIO.read(pairs))) }
      }
    }
    return bundle
  }
}
