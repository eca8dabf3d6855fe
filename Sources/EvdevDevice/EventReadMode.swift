/// How `libevdev_next_event` is asked to read.
public enum EventReadMode: Sendable, Hashable {
  /// `LIBEVDEV_READ_FLAG_NORMAL`: the next event the kernel queued.
  case normal
  /// `LIBEVDEV_READ_FLAG_SYNC`: the next event of the state delta libevdev
  /// synthesises after a `SYN_DROPPED` (releases and presses of the keys whose
  /// state changed while events were lost).
  case sync
}
