#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A POSIX thread running a closure, for work that must really run in
/// parallel on as many threads as asked (Swift's concurrency pool is as wide
/// as the machine's cores).
final class WorkerThread: Sendable {
  private let body: @Sendable () -> Void

  private init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
  }

  /// Starts a thread running `body`; nil when the system refuses one.
  /// The caller joins it with `pthread_join`.
  static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    let context = Unmanaged.passRetained(WorkerThread(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<WorkerThread>.fromOpaque(raw).takeRetainedValue().body()
        return nil
      }, context)
    guard status == 0 else {
      Unmanaged<WorkerThread>.fromOpaque(context).release()
      return nil
    }
    return thread
  }
}
