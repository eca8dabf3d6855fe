#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs independent jobs on several threads and hands their outputs back on
/// the caller's thread in job order, each as soon as it and all before it
/// are done: `t9phone test --jobs N` prints exactly what a serial run
/// prints, while the next scenarios already run.
///
/// Workers take jobs in order and stay at most `window` jobs ahead of the
/// output handed back, so outputs waiting for an earlier, slower job are
/// bounded.
public final class OrderedWorkers<Output: Sendable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let changed: UnsafeMutablePointer<pthread_cond_t>
  private let count: Int
  private let window: Int
  private let work: @Sendable (Int) -> Output
  // Guarded by `mutex`:
  private var outputs: [Output?]
  private var nextJob = 0
  private var delivered = 0
  private var stopping = false

  private init(count: Int, window: Int, work: @escaping @Sendable (Int) -> Output) {
    self.count = count
    self.window = window
    self.work = work
    outputs = Array(repeating: nil, count: count)
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    changed = .allocate(capacity: 1)
    changed.initialize(to: pthread_cond_t())
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    changed.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `work(0)`, `work(1)`, … `work(count - 1)` on `threads` threads
  /// and calls `deliver` with each output, in that order, on this thread.
  /// When `deliver` throws, jobs not yet started are dropped, the running
  /// ones finish, and the error is rethrown. If no thread can be started
  /// the jobs run here, one after another.
  public static func run(
    count: Int, threads: Int, work: @escaping @Sendable (Int) -> Output,
    deliver: (Output) throws -> Void
  ) throws {
    let pool = OrderedWorkers(count: count, window: Swift.max(1, threads) * 4, work: work)
    var started: [pthread_t] = []
    defer {
      pool.stop()
      for thread in started { pthread_join(thread, nil) }
    }
    for _ in 0..<Swift.max(1, Swift.min(threads, count)) {
      guard let thread = WorkerThread.start({ pool.workLoop() }) else { break }
      started.append(thread)
    }
    if started.isEmpty {
      for index in 0..<count { try deliver(work(index)) }
      return
    }
    for index in 0..<count { try deliver(pool.output(index)) }
  }

  /// A worker: takes the next job while there is one within the window.
  private func workLoop() {
    pthread_mutex_lock(mutex)
    while true {
      if stopping || nextJob >= count { break }
      if nextJob >= delivered + window {
        pthread_cond_wait(changed, mutex)
        continue
      }
      let index = nextJob
      nextJob += 1
      pthread_mutex_unlock(mutex)
      let output = work(index)
      pthread_mutex_lock(mutex)
      outputs[index] = output
      pthread_cond_broadcast(changed)
    }
    pthread_mutex_unlock(mutex)
  }

  /// Waits for job `index`'s output and takes it.
  private func output(_ index: Int) -> Output {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while true {
      if let output = outputs[index] {
        outputs[index] = nil
        delivered = index + 1
        pthread_cond_broadcast(changed)
        return output
      }
      pthread_cond_wait(changed, mutex)
    }
  }

  /// Lets the workers end after their current job.
  private func stop() {
    pthread_mutex_lock(mutex)
    stopping = true
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }
}
