import Diagnostics
import Host
import Logging

extension LogLevel {
  /// The swift-log level of a core log level.
  var swiftLogLevel: Logger.Level {
    switch self {
    case .trace: .trace
    case .debug: .debug
    case .info: .info
    case .notice: .notice
    case .warning: .warning
    case .error: .error
    }
  }
}
