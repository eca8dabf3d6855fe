import CharacterLCD
import ContactBook
import DisplayDriver
import Firmware
import KeypadInput
import ModemDriver
import Runtime
import SimulatedPeers
import Supervision
import SystemLayer

/// What surrounds the firmware in a scenario: the simulated display behind
/// its real driver, a simulated keypad that knows which keys are down, and
/// the faults the scenario injects into both.
struct ScenarioPeripherals<Glass: SimulatedDisplay>: RuntimePeripherals {
  /// The display the frames go to, changed only through the methods
  /// below, which keep its deadline and glass parts at hand: the
  /// supervisor asks for them at every step of its clock.
  private(set) var display: Glass
  private var displayDeadline: Instant?
  private var displayParts = 1
  /// Every frame shown, when the run keeps them.
  var frames: [RecordedFrame] = []
  /// The frame shown last.
  private(set) var lastFrame: LCDFrame?
  let keepsFrames: Bool
  /// The keypad the scenario presses.
  private var keypad = SimulatedKeypad()
  /// When a `fault bus-down` ends.
  private var busDownUntil: Instant?
  /// The modem: the simulated network behind the AT driver (`modem sim`),
  /// or none.
  var modem = ModemSlot<ATModem<SimulatedNetwork>>.none

  init(display: Glass, keepsFrames: Bool) {
    self.display = display
    self.keepsFrames = keepsFrames
    refresh()
  }

  /// Reads the display's deadline and glass parts after a change. The
  /// glass parts follow the frame shown (its glyphs), so a service, which
  /// shows nothing new, reads the deadline alone.
  private mutating func refresh() {
    displayDeadline = display.nextDeadline
    displayParts = display.glassParts
  }

  /// Does `fault` to the display's peer.
  mutating func inject(_ fault: PeerFault) {
    display.inject(fault)
    refresh()
  }

  // MARK: - The keypad

  /// The key went down on the keypad.
  mutating func pressed(_ key: Key) {
    keypad.press(key)
  }

  /// The key came up on the keypad; false when its release is lost on the
  /// way to the firmware (`fault stuck`).
  mutating func released(_ key: Key) -> Bool {
    keypad.release(key)
  }

  /// The next release of `key` will be lost.
  mutating func loseNextRelease(of key: Key) {
    keypad.loseNextRelease(of: key)
  }

  @inline(__always)
  func deviceKeyIsDown(_ key: Key) -> Bool? {
    keypad.isDown(key)
  }

  // MARK: - The display

  /// Every display transfer fails from `now` for `duration`.
  mutating func busDown(for duration: Duration, at now: Instant) {
    inject(.linkDown(.ioError))
    busDownUntil = now + duration
  }

  mutating func show(_ frame: LCDFrame, at time: Instant) {
    display.show(frame, at: time)
    refresh()
    lastFrame = frame
    if keepsFrames { frames.append(RecordedFrame(time: time, frame: frame)) }
  }

  mutating func service(at time: Instant) {
    if let until = busDownUntil, time >= until {
      busDownUntil = nil
      inject(.linkUp)
    }
    display.service(at: time)
    displayDeadline = display.nextDeadline
    modem.device?.system.now = time
    modem.device?.service(at: time)
  }

  @inline(__always)
  var nextDeadline: Instant? {
    let own: Instant?
    if let until = busDownUntil {
      own = displayDeadline.map { $0 < until ? $0 : until } ?? until
    } else {
      own = displayDeadline
    }
    guard let modemDeadline = modem.nextDeadline else { return own }
    return Instant.earliest(own, modemDeadline)
  }

  /// The simulated network, when the scenario has one.
  var network: SimulatedNetwork? {
    modem.device?.system
  }

  /// Changes the simulated network (a delivery, a fault), if there is one.
  mutating func withNetwork(_ body: (inout SimulatedNetwork) -> Void) {
    modem.device?.system.change(body)
  }

  // MARK: - The message store (scenarios keep it in memory)

  /// The message store's file, when the run keeps one (a page's phone,
  /// which saves it in the browser's storage); empty otherwise. Each
  /// record the phone writes lands in it at its offset.
  var messageFile: [UInt8] = []

  mutating func writeMessageRecord(at offset: Int, _ bytes: ArraySlice<UInt8>) {
    guard offset >= 0, offset + bytes.count <= messageFile.count else { return }
    var index = offset
    for byte in bytes {
      messageFile[index] = byte
      index += 1
    }
  }

  mutating func syncMessages() -> Bool { true }

  /// The call log is kept in memory: scenarios check it on the glass.
  mutating func writeCallRecord(at offset: Int, _ bytes: [UInt8]) {}

  @inline(__always)
  var glassParts: Int { displayParts }

  mutating func checkGlass(part: Int) -> GlassCheck {
    defer { refresh() }
    return display.checkGlass(part: part)
  }

  mutating func redraw(at time: Instant) {
    display.redraw(at: time)
    refresh()
  }

  // MARK: - The book (scenarios keep it in memory)

  var unflushedBookWrites: Int { 0 }

  mutating func flushBookWrites() -> Int { 0 }

  /// The phone's book is the only copy: nothing to write.
  mutating func writeBook(_ writes: [BookWrite]) {}

  /// The display's errors and recoveries; the simulated keypad neither
  /// resyncs nor drops keys.
  var figures: RunFigures {
    var figures = RunFigures(display: display.health)
    if let device = modem.device {
      figures.modemResets = device.modemResets
      figures.modemTimeouts = device.commandTimeouts
    }
    return figures
  }
}
