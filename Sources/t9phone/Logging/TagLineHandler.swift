import Diagnostics
import Host
import Logging

/// A swift-log handler that prints `[module][topic] message`.
struct TagLineHandler: LogHandler {
  let label: String
  let target: LineTarget
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let topic = event.metadata?["topic"].map { "\($0)" } ?? "main"
    let level: String
    switch event.level {
    case .warning: level = "warning: "
    case .error, .critical: level = "error: "
    default: level = ""
    }
    target.write("[\(label)][\(topic)] \(level)\(event.message)")
  }
}
