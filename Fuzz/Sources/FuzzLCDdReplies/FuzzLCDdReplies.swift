import CharacterLCD
import Diagnostics
import DisplayDriver
import FuzzSupport
import KeypadInput

/// The LCDd client (`--display lcdproc`, `--input lcdproc`) reading
/// whatever LCDd sends. The first byte chooses the set-up — the LCD's size
/// (bits 0-2), whether the client takes keys (bit 3), whether sends are
/// partial (bit 4), how many bytes a read brings (bits 5-7) — and the rest
/// is what LCDd says, over as many connections as the client makes. The
/// client is serviced on a virtual clock while frames change, until the
/// bytes are used up. Checked: it only ever sends whole, known commands; it
/// is connected exactly when it knows LCDd's size; a client that says it
/// is up to date never finds a row LCDd has not acknowledged; its keys come
/// in time order, each press released.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLCDdReplies(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = FuzzInput.bytes(start, count)
  guard let options = bytes.first else { return 0 }
  let geometries = LCDGeometry.supported
  let geometry = geometries[Int(options & 7) % geometries.count]
  let readSizes = [1, 3, 7, 16, 64, 200, 511, 4096]
  let system = ReplySocket(
    replies: Array(bytes.dropFirst()), readSize: readSizes[Int(options >> 5)],
    partialSends: options & 0x10 != 0)
  var display = LCDprocDisplay(
    geometry: geometry, keymap: options & 8 != 0 ? ReplyFixtures.keymap : nil,
    system: system, log: ReplyFixtures.log)
  var now = Instant.zero
  var lastKey = Instant.zero
  var held: Set<Key> = []
  var composer = LCDComposer(rom: .a00)
  var round = 0
  var quietRounds = 0
  while quietRounds < 3 && round < 10_000 {
    if round % 3 == 0 {
      display.show(composer.frame(for: ReplyFixtures.canvas(geometry, round)), at: now)
    }
    display.service(at: now)
    while let event = display.takeKeyEvent(at: now) {
      Invariant.check(event.time >= lastKey && event.time <= now, "key edge out of time order")
      lastKey = event.time
      if event.action == .press {
        Invariant.check(held.insert(event.key).inserted, "\(event.key) pressed twice")
      } else {
        Invariant.check(held.remove(event.key) != nil, "\(event.key) released, not pressed")
      }
    }
    Invariant.check(
      display.isConnected == (display.serverColumns > 0 && display.serverRows > 0),
      "connected \(display.isConnected) with LCDd's size \(display.serverColumns)x\(display.serverRows)"
    )
    if display.isUpToDate, case .rowDiffers(let row) = display.checkGlass() {
      Invariant.check(false, "up to date, yet row \(row + 1) is not acknowledged")
    }
    if let problem = display.system.problem { Invariant.check(false, problem) }
    if display.system.isDrained { quietRounds += 1 }
    now = max(now + .milliseconds(7), display.nextDeadline ?? now)
    round += 1
  }
  display.close()
  return 0
}
