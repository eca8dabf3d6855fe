// swift-tools-version: 6.1
import PackageDescription

/// Speed and memory targets of t9phone, measured with ordo-one/benchmark.
/// Run with `make bench` (or `swift package --package-path Benchmarks benchmark`).
let package = Package(
  name: "t9phone-benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "t9phone", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "T9Benchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "T9Engine", package: "t9phone"),
        .product(name: "TextEntry", package: "t9phone"),
        .product(name: "KeypadInput", package: "t9phone"),
      ],
      path: "Benchmarks/T9Benchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "MessageBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "MessageStore", package: "t9phone"),
        .product(name: "ModemDriver", package: "t9phone"),
        .product(name: "SMS", package: "t9phone"),
        .product(name: "SystemLayer", package: "t9phone"),
        .product(name: "Vocabulary", package: "t9phone"),
      ],
      path: "Benchmarks/MessageBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "ContactBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ContactBook", package: "t9phone"),
      ],
      path: "Benchmarks/ContactBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "DisplayBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "CharacterLCD", package: "t9phone"),
        .product(name: "DisplayDriver", package: "t9phone"),
        .product(name: "SimulatedPeers", package: "t9phone"),
        .product(name: "Diagnostics", package: "t9phone"),
        .product(name: "KeypadInput", package: "t9phone"),
      ],
      path: "Benchmarks/DisplayBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "SupervisionBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "CharacterLCD", package: "t9phone"),
        .product(name: "DisplayDriver", package: "t9phone"),
        .product(name: "SimulatedPeers", package: "t9phone"),
        .product(name: "Diagnostics", package: "t9phone"),
        .product(name: "Firmware", package: "t9phone"),
        .product(name: "KeypadInput", package: "t9phone"),
        .product(name: "Supervision", package: "t9phone"),
      ],
      path: "Benchmarks/SupervisionBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
