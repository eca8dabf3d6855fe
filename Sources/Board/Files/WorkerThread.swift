import CLinux

/// A POSIX thread running a closure, for work that must really run in
/// parallel on as many threads as asked (Swift's concurrency pool is as wide
/// as the machine's cores).
public final class WorkerThread: Sendable {
  private let body: @Sendable () -> Void

  private init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
  }

  /// How many processors are online (`--jobs`' default, the threads that
  /// validate dictionaries), at least 1.
  public static var processorsOnline: Int {
    Swift.max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  /// Starts a thread running `body`; nil when the system refuses one.
  /// The caller joins it with `pthread_join`.
  public static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
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
