import CLinux

/// A POSIX mutex and the condition its waiters wait on, as one object:
/// what the threads of `OrderedWorkers` and the reports' writer share.
final class ThreadMonitor: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let changed: UnsafeMutablePointer<pthread_cond_t>

  init() {
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

  /// Takes the mutex.
  func lock() { pthread_mutex_lock(mutex) }

  /// Gives the mutex back.
  func unlock() { pthread_mutex_unlock(mutex) }

  /// Gives the mutex back until another thread says something changed,
  /// then takes it again.
  func wait() { pthread_cond_wait(changed, mutex) }

  /// Wakes every waiter.
  func broadcast() { pthread_cond_broadcast(changed) }
}
