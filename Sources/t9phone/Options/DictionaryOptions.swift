import ArgumentParser
import Board
import Host

/// Where the T9 dictionaries are.
struct DictionaryOptions: ParsableArguments {
  @Option(
    name: .customLong("dictionaries"),
    help: "Folder of <language>.t9dict (or .tsv) dictionaries (default: Dictionaries).")
  var folder = DictionaryFiles.defaultFolder
}
