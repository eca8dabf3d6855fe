// swift-tools-version:5.4
// A tools version of 5.4 or lower: later ones rename an executable's `main`,
// and libFuzzer, which brings its own, then does not link
// (swift-package-manager#8731). Build with the sanitizers on:
//   swift build -c release --sanitize=fuzzer --sanitize=address
// (`make fuzz`, `scripts/fuzz.sh`; docs/reliability.md, "Fuzzing").
import PackageDescription

/// One libFuzzer executable per parser or loader of the firmware, each
/// named `Fuzz<What>`, with its seeds in `Corpus/<target>/`.
let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
  (
    "FuzzScenario",
    ["FuzzSupport", "ScenarioBudget", .product(name: "Scenario", package: "t9phone")]
  ),
  (
    "FuzzReport",
    [
      "FuzzSupport", "ScenarioBudget", .product(name: "Scenario", package: "t9phone"),
      .product(name: "ScenarioText", package: "t9phone"),
      .product(name: "ContactBook", package: "t9phone"),
      .product(name: "T9Engine", package: "t9phone"),
      .product(name: "TextEntry", package: "t9phone"),
      .product(name: "Supervision", package: "t9phone"),
    ]
  ),
  (
    "FuzzVCard",
    [
      "FuzzSupport", .product(name: "ContactBook", package: "t9phone"),
      .product(name: "CharsetConversion", package: "t9phone"),
    ]
  ),
  ("FuzzEvemu", ["FuzzSupport", .product(name: "EvdevInput", package: "t9phone")]),
  (
    "FuzzKeymap",
    [
      "FuzzSupport", .product(name: "EvdevInput", package: "t9phone"),
      .product(name: "DisplayDriver", package: "t9phone"),
      .product(name: "KeypadInput", package: "t9phone"),
    ]
  ),
  ("FuzzPDU", ["FuzzSupport", .product(name: "SMS", package: "t9phone")]),
  (
    "FuzzATModem",
    [
      "FuzzSupport", "FuzzModemLine", .product(name: "ModemDriver", package: "t9phone"),
      .product(name: "SMS", package: "t9phone"),
      .product(name: "SystemLayer", package: "t9phone"),
      .product(name: "Vocabulary", package: "t9phone"),
    ]
  ),
  (
    "FuzzCallReplies",
    [
      "FuzzSupport", "FuzzModemLine", .product(name: "ModemDriver", package: "t9phone"),
      .product(name: "SystemLayer", package: "t9phone"),
      .product(name: "Vocabulary", package: "t9phone"),
    ]
  ),
  (
    "FuzzMessageStore",
    [
      "FuzzSupport", .product(name: "MessageStore", package: "t9phone"),
      .product(name: "SMS", package: "t9phone"),
    ]
  ),
  ("FuzzDictionary", ["FuzzSupport", .product(name: "T9Engine", package: "t9phone")]),
  ("FuzzBook", ["FuzzSupport", .product(name: "ContactBook", package: "t9phone")]),
  ("FuzzLearning", ["FuzzSupport", .product(name: "T9Engine", package: "t9phone")]),
  ("FuzzStatistics", ["FuzzSupport", .product(name: "Supervision", package: "t9phone")]),
  (
    "FuzzLCDdReplies",
    [
      "FuzzSupport", .product(name: "DisplayDriver", package: "t9phone"),
      .product(name: "CharacterLCD", package: "t9phone"),
      .product(name: "Diagnostics", package: "t9phone"),
      .product(name: "KeypadInput", package: "t9phone"),
      .product(name: "SystemLayer", package: "t9phone"),
    ]
  ),
  (
    "FuzzTerminalKeys",
    [
      "FuzzSupport", .product(name: "TerminalKeys", package: "t9phone"),
      .product(name: "KeypadInput", package: "t9phone"),
    ]
  ),
]

let package = Package(
  name: "t9phone-fuzz",
  dependencies: [.package(name: "t9phone", path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    .target(
      name: "FuzzModemLine",
      dependencies: [
        .product(name: "ModemDriver", package: "t9phone"),
        .product(name: "SystemLayer", package: "t9phone"),
      ]),
    .target(
      name: "ScenarioBudget",
      dependencies: [.product(name: "Scenario", package: "t9phone")]),
  ]
    + fuzzTargets.map { target in
      // No `main`: libFuzzer's is the entry point, and it calls
      // `LLVMFuzzerTestOneInput`.
      .executableTarget(
        name: target.name, dependencies: target.dependencies,
        swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    }
)
