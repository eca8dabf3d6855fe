import CLinux

/// Runs independent jobs on several threads and hands their outputs back on
/// the caller's thread in job order, each as soon as it and all before it
/// are done: `t9phone test --jobs N` prints exactly what a serial run
/// prints, while the next scenarios already run.
///
/// Workers take jobs in order and stay at most `window` jobs ahead of the
/// output handed back, so outputs waiting for an earlier, slower job are
/// bounded.
public final class OrderedWorkers<Output: Sendable>: @unchecked Sendable {
  private let monitor = ThreadMonitor()
  private let count: Int
  private let window: Int
  private let work: @Sendable (Int) -> Output
  // Guarded by `monitor`:
  private var outputs: [Output?]
  private var nextJob = 0
  private var delivered = 0
  private var stopping = false

  private init(count: Int, window: Int, work: @escaping @Sendable (Int) -> Output) {
    self.count = count
    self.window = window
    self.work = work
    outputs = Array(repeating: nil, count: count)
  }

  /// Runs `work(0)`, `work(1)`, … `work(count - 1)` on `threads` threads
  /// and calls `deliver` with each output, in that order, on this thread.
  /// When `deliver` throws, jobs not yet started are dropped, the running
  /// ones finish, and the error is rethrown. If no thread can be started
  /// the jobs run here, one after another.
  public static func run<Failure: Error>(
    count: Int, threads: Int, work: @escaping @Sendable (Int) -> Output,
    deliver: (Output) throws(Failure) -> Void
  ) throws(Failure) {
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
    monitor.lock()
    while true {
      if stopping || nextJob >= count { break }
      if nextJob >= delivered + window {
        monitor.wait()
        continue
      }
      let index = nextJob
      nextJob += 1
      monitor.unlock()
      let output = work(index)
      monitor.lock()
      outputs[index] = output
      monitor.broadcast()
    }
    monitor.unlock()
  }

  /// Waits for job `index`'s output and takes it.
  private func output(_ index: Int) -> Output {
    monitor.lock()
    defer { monitor.unlock() }
    while true {
      if let output = outputs[index] {
        outputs[index] = nil
        delivered = index + 1
        monitor.broadcast()
        return output
      }
      monitor.wait()
    }
  }

  /// Lets the workers end after their current job.
  private func stop() {
    monitor.lock()
    stopping = true
    monitor.broadcast()
    monitor.unlock()
  }
}
