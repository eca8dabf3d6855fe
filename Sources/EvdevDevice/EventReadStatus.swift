/// The status codes `libevdev_next_event` returns besides a negative errno.
public enum EventReadStatus {
  /// `LIBEVDEV_READ_STATUS_SUCCESS`: an event was read in normal mode.
  public static let success: Int32 = 0
  /// `LIBEVDEV_READ_STATUS_SYNC`: in normal mode, a `SYN_DROPPED` was read and the
  /// device must be synced; in sync mode, a synthesised event was read.
  public static let sync: Int32 = 1
}
