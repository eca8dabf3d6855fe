import Vocabulary

/// Where a run's input comes from — an evdev keypad, LCDd's keys, the
/// terminal — as the run loop sees it: it waits on its own descriptors,
/// hands over what came, and does what follows each turn of the loop
/// (status lines, the service manager's keep-alives, drawing the terminal).
/// A source hands each key edge over as its input stamped it; the
/// supervisor places it on the firmware's clock (`InputClock`, rebased by
/// the wiring for an input with a clock of its own).
public protocol InputSource {
  /// The peripherals of the runs this source feeds (a source may read
  /// from them: LCDd's keys come over the display's connection).
  associatedtype Peripherals: RuntimePeripherals
  /// When the source needs the loop to wake by itself (a typed key's
  /// release, a keep-alive), if ever.
  var nextDeadline: Instant? { get }
  /// Whether input may still come (false once the user quit the terminal).
  var isOpen: Bool { get }
  /// Waits at most `timeoutMilliseconds` for input on the source's
  /// descriptors (or only the time, without any), and reads what came;
  /// `runtime`'s peripherals may be where the descriptors are.
  mutating func wait<Store: RuntimeStore>(
    timeoutMilliseconds: Int32, _ runtime: inout PhoneRuntime<Peripherals, Store>)
  /// Hands what arrived to `runtime`, read at `now`.
  mutating func deliver<Store: RuntimeStore>(
    at now: Instant, to runtime: inout PhoneRuntime<Peripherals, Store>)
  /// After the runtime was brought to `now`: what the source shows or
  /// tells about the run.
  mutating func settled<Store: RuntimeStore>(
    at now: Instant, _ runtime: inout PhoneRuntime<Peripherals, Store>)
}
