// swift-tools-version: 6.1
import PackageDescription

/// Library targets hold pure logic: no I/O, no Foundation, no global mutable
/// state. Only the `t9phone` executable touches the terminal, files and the
/// process.
let package = Package(
  name: "t9phone",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "t9phone", targets: ["t9phone"]),
    .library(name: "Firmware", targets: ["Firmware"]),
    .library(name: "Scenario", targets: ["Scenario"]),
    .library(name: "WebPhone", targets: ["WebPhone"]),
    .library(name: "ScenarioText", targets: ["ScenarioText"]),
    .library(name: "Runtime", targets: ["Runtime"]),
    .library(name: "T9Engine", targets: ["T9Engine"]),
    .library(name: "TextEntry", targets: ["TextEntry"]),
    .library(name: "Vocabulary", targets: ["Vocabulary"]),
    .library(name: "KeypadInput", targets: ["KeypadInput"]),
    .library(name: "ContactBook", targets: ["ContactBook"]),
    .library(name: "CharacterLCD", targets: ["CharacterLCD"]),
    .library(name: "DisplayDriver", targets: ["DisplayDriver"]),
    .library(name: "SimulatedPeers", targets: ["SimulatedPeers"]),
    .library(name: "Diagnostics", targets: ["Diagnostics"]),
    .library(name: "CharsetConversion", targets: ["CharsetConversion"]),
    .library(name: "Supervision", targets: ["Supervision"]),
    .library(name: "EvdevInput", targets: ["EvdevInput"]),
    .library(name: "TerminalKeys", targets: ["TerminalKeys"]),
    .library(name: "SystemLayer", targets: ["SystemLayer"]),
    .library(name: "SMS", targets: ["SMS"]),
    .library(name: "ModemDriver", targets: ["ModemDriver"]),
    .library(name: "MessageStore", targets: ["MessageStore"]),
    .library(name: "CallLog", targets: ["CallLog"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
  ],
  targets: [
    .target(name: "Diagnostics"),
    .target(name: "SystemLayer"),
    .target(name: "Vocabulary", dependencies: ["SystemLayer"]),
    .target(name: "KeypadInput", dependencies: ["Diagnostics", "Vocabulary"]),
    .target(name: "TextFolding"),
    .target(name: "SMS"),
    .target(name: "MessageStore", dependencies: ["SMS"]),
    .target(name: "CallLog"),
    .target(
      name: "ModemDriver", dependencies: ["Diagnostics", "SMS", "SystemLayer", "Vocabulary"]),
    .target(name: "T9Engine", dependencies: ["TextFolding", "Vocabulary"]),
    .target(name: "ContactBook", dependencies: ["TextFolding", "Vocabulary"]),
    .target(name: "CharsetConversion", dependencies: ["ContactBook"]),
    .target(
      name: "TextEntry", dependencies: ["KeypadInput", "Diagnostics", "T9Engine", "Vocabulary"]),
    .target(name: "CharacterLCD", dependencies: ["TextFolding"]),
    .target(name: "EvdevInput", dependencies: ["KeypadInput"]),
    .target(name: "TerminalKeys", dependencies: ["Vocabulary"]),
    // The drivers are generic over their system calls, and their simulated
    // peers live in SimulatedPeers: cross-module optimisation lets that
    // target specialise a driver for its peer, as scenarios run it at every
    // step (without it `t9phone test` runs about 14% more instructions a key).
    // The supervisor and the runtime are generic over their peripherals and
    // store for the same reason: each run specialises them for its own.
    .target(
      name: "DisplayDriver",
      dependencies: ["CharacterLCD", "Diagnostics", "SystemLayer", "TextFolding", "Vocabulary"],
      swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
    .target(
      name: "SimulatedPeers",
      dependencies: [
        "CharacterLCD", "Diagnostics", "DisplayDriver", "ModemDriver", "SMS", "SystemLayer",
        "Vocabulary",
      ]),
    .target(
      name: "Supervision",
      dependencies: [
        "Diagnostics", "Vocabulary", "SystemLayer", "CharacterLCD", "ContactBook", "Firmware",
        "TextEntry",
      ],
      swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
    .target(name: "SupervisionDevice", dependencies: ["CLinux", "Supervision", "SystemLayer"]),
    .target(name: "DisplayDevice", dependencies: ["CLinux", "DisplayDriver", "SystemLayer"]),
    .target(name: "ModemDevice", dependencies: ["CLinux", "ModemDriver", "SystemLayer"]),
    .target(
      name: "StateStorage",
      dependencies: [
        "CallLog", "CLinux", "ContactBook", "Diagnostics", "MessageStore", "Vocabulary",
        "Supervision", "SystemLayer", "T9Engine",
      ]),
    .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // The C library and kernel headers every adapter reaches the system
    // through, in both builds: the host tool's and the board firmware's
    // (Embedded Swift has no Glibc module).
    .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
    .target(name: "PNGImage", dependencies: ["CZlib"]),
    .target(
      name: "EvdevDevice",
      dependencies: ["EvdevInput", "CEvdev", "CLinux", "Vocabulary", "SystemLayer"]),
    .target(
      name: "Firmware",
      dependencies: [
        "Diagnostics", "KeypadInput", "TextEntry", "CharacterLCD", "T9Engine", "ContactBook",
        "MessageStore", "SMS", "CallLog",
      ],
      swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
    .target(
      name: "ScenarioText",
      dependencies: [
        "CharacterLCD", "Diagnostics", "DisplayDriver", "Firmware", "KeypadInput", "MessageStore",
        "SMS", "Supervision", "TextEntry",
      ]),
    .target(
      name: "Runtime",
      dependencies: [
        "CharacterLCD", "ContactBook", "Diagnostics", "Firmware", "MessageStore", "ModemDriver",
        "SMS", "ScenarioText", "Supervision", "T9Engine", "TextEntry", "Vocabulary",
      ],
      swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
    .target(
      name: "Scenario",
      dependencies: [
        "ScenarioText", "Diagnostics", "DisplayDriver", "KeypadInput", "CharacterLCD", "Firmware",
        "MessageStore", "ModemDriver", "Runtime", "SMS",
        "SystemLayer", "SimulatedPeers", "T9Engine", "TextEntry", "Supervision", "ContactBook",
        "TextFolding",
      ]
    ),
    .target(
      name: "WebPhone",
      dependencies: [
        "CharacterLCD", "ContactBook", "Firmware", "MessageStore", "Scenario", "ScenarioText",
        "T9Engine", "TextEntry", "Vocabulary",
      ]),
    // What runs the phone on a board, in both builds (the host tool's
    // `run` and the Embedded Swift firmware of scripts/firmware/build.sh):
    // the device runners and their input sources, the peripherals, the
    // session loaded from the state folder, the files, the options of `run`.
    .target(
      name: "Board",
      dependencies: [
        "CallLog", "CharacterLCD", "CLinux", "ContactBook", "Diagnostics", "DisplayDevice",
        "DisplayDriver", "EvdevDevice", "EvdevInput", "Firmware", "KeypadInput", "MessageStore",
        "ModemDevice", "ModemDriver", "Runtime", "ScenarioText", "StateStorage", "Supervision",
        "SupervisionDevice", "T9Engine", "TextEntry", "TextFolding", "Vocabulary",
      ]),
    .target(
      name: "Host",
      dependencies: [
        "Board",
        "CallLog", "CharacterLCD", "CharsetConversion", "ContactBook", "Diagnostics",
        "DisplayDevice",
        "MessageStore", "ModemDevice", "ModemDriver", "SMS",
        "DisplayDriver", "EvdevDevice", "EvdevInput", "Firmware", "KeypadInput", "PNGImage",
        "Runtime", "Scenario", "ScenarioText", "SimulatedPeers", "StateStorage", "Supervision",
        "SupervisionDevice", "T9Engine", "TerminalKeys", "TextEntry", "WebPhone",
      ]),
    .executableTarget(
      name: "t9phone",
      dependencies: [
        "CLinux", "Diagnostics", "KeypadInput", "CharacterLCD", "Firmware", "Scenario",
        "T9Engine",
        "TextEntry", "ContactBook", "EvdevInput", "EvdevDevice", "DisplayDriver", "DisplayDevice",
        "Board", "Host", "PNGImage", "Runtime", "ScenarioText", "SimulatedPeers", "StateStorage",
        "Supervision", "SupervisionDevice",
        "CharsetConversion", "TerminalKeys", "SMS", "MessageStore", "ModemDriver", "WebPhone",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(
      name: "TestSupport", dependencies: ["Diagnostics", "SimulatedPeers"],
      path: "Tests/TestSupport"
    ),
    .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", "TestSupport"]),
    .testTarget(name: "VocabularyTests", dependencies: ["Vocabulary"]),
    .testTarget(
      name: "BoardTests",
      dependencies: ["Board", "CharacterLCD", "Firmware", "ModemDriver", "TextEntry"]),
    .testTarget(
      name: "HostTests",
      dependencies: [
        "Board", "Host", "CharacterLCD", "ContactBook", "DisplayDriver", "EvdevDevice",
        "EvdevInput",
        "Firmware", "InputTestSupport", "KeypadInput", "Runtime", "Scenario", "ScenarioText",
        "SimulatedPeers", "Supervision", "T9Engine", "TextEntry", "Vocabulary",
      ]),
    .testTarget(
      name: "RuntimeTests",
      dependencies: [
        "Runtime", "CharacterLCD", "ContactBook", "Diagnostics", "Firmware", "ModemDriver",
        "ScenarioText", "Supervision", "SystemLayer", "T9Engine", "TextEntry", "Vocabulary",
      ]),
    .testTarget(
      name: "KeypadInputTests", dependencies: ["KeypadInput", "Diagnostics", "TestSupport"]),
    .testTarget(name: "TextFoldingTests", dependencies: ["TextFolding"]),
    .testTarget(name: "SMSTests", dependencies: ["SMS", "TestSupport"]),
    .testTarget(name: "MessageStoreTests", dependencies: ["MessageStore", "SMS"]),
    .testTarget(name: "CallLogTests", dependencies: ["CallLog"]),
    .testTarget(
      name: "WebPhoneTests",
      dependencies: [
        "CharacterLCD", "ContactBook", "MessageStore", "Scenario", "T9Engine", "Vocabulary",
        "WebPhone",
      ]),
    .testTarget(
      name: "ModemDriverTests",
      dependencies: [
        "ModemDriver", "Diagnostics", "SMS", "SimulatedPeers", "SystemLayer", "TestSupport",
        "Vocabulary",
      ]),
    .testTarget(name: "T9EngineTests", dependencies: ["T9Engine", "TestSupport"]),
    .testTarget(
      name: "ContactBookTests", dependencies: ["ContactBook", "TextFolding", "TestSupport"]),
    .testTarget(
      name: "CharsetConversionTests",
      dependencies: ["CharsetConversion", "ContactBook", "TestSupport"]),
    .testTarget(
      name: "TextEntryTests", dependencies: ["TextEntry", "KeypadInput", "SMS", "T9Engine"]),
    .target(
      name: "LCDTestSupport", dependencies: ["CharacterLCD", "TestSupport"],
      path: "Tests/LCDTestSupport"),
    .testTarget(
      name: "CharacterLCDTests", dependencies: ["CharacterLCD", "LCDTestSupport", "TestSupport"]),
    .testTarget(
      name: "DisplayDriverTests",
      dependencies: [
        "DisplayDriver", "CharacterLCD", "Diagnostics", "KeypadInput", "LCDTestSupport",
        "SimulatedPeers", "SystemLayer", "TestSupport",
      ]),
    .testTarget(
      name: "SimulatedPeersTests",
      dependencies: [
        "SimulatedPeers", "DisplayDriver", "CharacterLCD", "KeypadInput", "LCDTestSupport",
        "SystemLayer",
      ]
    ),
    .testTarget(
      name: "PNGImageTests", dependencies: ["PNGImage", "CZlib", "CharacterLCD", "TestSupport"]),
    .testTarget(name: "EvdevInputTests", dependencies: ["EvdevInput", "KeypadInput"]),
    .testTarget(name: "TerminalKeysTests", dependencies: ["TerminalKeys", "KeypadInput"]),
    .testTarget(
      name: "SupervisionTests",
      dependencies: [
        "Supervision", "Diagnostics", "KeypadInput", "SystemLayer", "TestSupport", "Firmware",
        "FirmwareTestSupport", "DisplayDriver", "CharacterLCD", "SimulatedPeers",
      ]),
    .testTarget(
      name: "SupervisionDeviceTests", dependencies: ["Supervision", "SupervisionDevice"]),
    .testTarget(
      name: "ModemDeviceTests",
      dependencies: [
        "ModemDevice", "ModemDriver", "SMS", "SimulatedPeers", "SystemLayer", "Vocabulary",
      ]),
    .testTarget(
      name: "DisplayDeviceTests", dependencies: ["DisplayDevice", "DisplayDriver", "SystemLayer"]),
    .testTarget(
      name: "StateStorageTests",
      dependencies: [
        "StateStorage", "CallLog", "ContactBook", "Diagnostics", "Firmware", "KeypadInput",
        "ScenarioText",
        "Scenario",
        "Supervision", "SystemLayer", "T9Engine", "TestSupport",
      ]),
    .target(
      name: "FirmwareTestSupport", dependencies: ["Firmware", "KeypadInput", "Vocabulary"],
      path: "Tests/FirmwareTestSupport"),
    .target(
      name: "InputTestSupport", dependencies: ["EvdevDevice", "EvdevInput", "SystemLayer"],
      path: "Tests/InputTestSupport"),
    .testTarget(
      name: "EvdevDeviceTests",
      dependencies: [
        "CLinux", "EvdevDevice", "EvdevInput", "InputTestSupport", "KeypadInput", "SystemLayer",
      ]),
    .testTarget(
      name: "FirmwareTests",
      dependencies: [
        "Firmware", "FirmwareTestSupport", "KeypadInput", "TextEntry", "CharacterLCD",
        "Diagnostics", "TestSupport", "T9Engine", "ContactBook",
      ]
    ),
    .testTarget(
      name: "ScenarioTests",
      dependencies: [
        "Scenario", "SystemLayer", "Firmware", "KeypadInput", "CharacterLCD", "T9Engine",
        "TextEntry", "Supervision", "Diagnostics", "DisplayDriver", "ScenarioText",
        "SimulatedPeers", "FirmwareTestSupport", "MessageStore", "ModemDriver", "Vocabulary",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
