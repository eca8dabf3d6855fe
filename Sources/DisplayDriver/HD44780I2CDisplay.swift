import CharacterLCD
import Diagnostics
import SystemLayer
import Vocabulary

/// Drives an HD44780 module on a PCF8574 I2C backpack: the 4-bit power-on
/// initialisation with the datasheet's timings, then only the cells, glyphs
/// and cursor that changed since the last frame.
///
/// Expander states go on the bus as many to a transfer as the adapter
/// takes (`I2CWriteMode`, chosen from `I2C_FUNCS` when the adapter is
/// opened): one I2C message, SMBus I2C-block writes, or one SMBus send-byte
/// transfer a state where the adapter offers nothing else. A transfer ends
/// wherever the module must be given time (after clear, home and each
/// initialisation nibble) and before each read.
///
/// Bus errors never stop the phone: the driver keeps the newest frame,
/// retries with backoff, logs `[lcd][i2c] …` once per episode, and when the
/// bus answers again it re-initialises the module (it may have lost power or
/// nibble sync) and redraws everything. Time comes from the caller.
public struct HD44780I2CDisplay<System: I2CSystem> {
  /// The system calls, real or simulated (tests and scenarios reach the
  /// simulated bus through it to fail it or look at the module).
  public var system: System
  /// The adapter, address and wiring.
  public let settings: I2CDisplaySettings
  /// What the driver has done so far.
  public private(set) var statistics = BusStatistics()
  private let log: Log
  private var fd: Int32?
  private var encoder = HD44780StreamEncoder(eightBitInterface: false)
  private var expander: PCF8574Encoder
  /// The newest frame (meaningful once `hasLatest`), kept in place: frames
  /// are compared and encoded through `inout`, as reading a fixed-size
  /// array through a borrowed value copies it whole in Swift.
  private var latest = LCDFrame(geometry: .lcd16x2, rom: .a00)
  private var hasLatest = false
  /// The custom glyphs the newest frame shows (`LCDFrame.shownSlots`, a
  /// scan of every cell), worked out once per new frame: every look at the
  /// glass and every step of the supervisor's clock asks for it.
  private var latestSlots: UInt8 = 0
  private var latestShown = false
  private var needsInitialisation = true
  private var writes: [HD44780Write] = []
  private var readBack: [UInt8] = []
  /// What the adapter said it can do when it was opened.
  private var functionality = I2CFunctionality.byteOnly
  /// How states go on the bus (see `I2CWriteMode`).
  private var mode = I2CWriteMode.sendByte
  /// States queued for the next transfer: the first `pendingCount` of a
  /// buffer of the longest transfer's size, reserved once.
  private var pending = [UInt8](repeating: 0, count: I2CWriteMode.messages.maximumBytes)
  private var pendingCount = 0
  /// The last state queued for the expander, nil when unknown (before the
  /// first, after a failure): a byte that keeps its RS, RW and backlight
  /// needs no set-up state.
  private var pins: UInt8?
  /// The custom glyph a look checked last (they take turns).
  private var nextGlyph = 7
  private var episode: Episode?

  /// The first wait after power-on (≥ 15 ms; ≥ 40 ms for 2.7 V parts).
  public static var powerOnMicroseconds: Int { 50_000 }
  /// How long clear display and return home run (≥ 1.52 ms).
  public static var clearMicroseconds: Int { 2_000 }
  /// The first retry after a bus error; it doubles up to `maximumBackoff`.
  public static var firstBackoff: Duration { .milliseconds(20) }
  /// The longest wait between retries.
  public static var maximumBackoff: Duration { .seconds(1) }

  /// A driver for the backpack `settings` names; nothing is opened until
  /// the first frame.
  public init(settings: I2CDisplaySettings, system: System, log: Log) {
    self.settings = settings
    self.system = system
    self.log = log
    expander = PCF8574Encoder(wiring: settings.wiring)
    // The largest change: initialisation, eight glyphs and every cell.
    writes.reserveCapacity(16 + 8 * 9 + 2 * LCDGeometry.maximumCells)
    readBack.reserveCapacity(Self.cellsPerCheck)
  }

  /// How the driver writes to the adapter it has open (`.sendByte` until
  /// one is opened).
  public var writeMode: I2CWriteMode { mode }

  /// Whether the module shows the newest frame.
  public var isUpToDate: Bool { !hasLatest || latestShown }

  /// Whether the bus is failing (the newest frame waits for it).
  public var isFailing: Bool { episode != nil }

  /// When the driver wants `service(at:)` again: the next retry, if any.
  @inline(__always)
  public var nextDeadline: Instant? { episode?.retryAt }

  /// Up to date, failing, and the bus errors and recoveries so far.
  public var health: PeripheralHealth {
    PeripheralHealth(
      isUpToDate: isUpToDate, isFailing: isFailing, errors: statistics.errors,
      recoveries: statistics.recoveries)
  }

  /// Shows `frame`: sent now if the bus is up, else kept for the next retry.
  public mutating func show(_ frame: LCDFrame, at now: Instant) {
    var frame = frame
    if hasLatest, latestShown, LCDFrame.showSame(&latest, &frame) { return }
    latest = frame
    latestSlots = latest.shownSlots
    hasLatest = true
    latestShown = false
    service(at: now)
  }

  /// Retries a failed bus when its backoff has passed.
  public mutating func service(at now: Instant) {
    guard !latestShown, hasLatest else { return }
    if let episode, now < episode.retryAt { return }
    switch send() {
    case .success:
      latestShown = true
      statistics.framesShown += 1
      if let episode {
        statistics.recoveries += 1
        log(
          .notice, LogTag("lcd", "i2c"),
          "\(settings): bus back after \(episode.retries) retries; module re-initialised and redrawn"
        )
        self.episode = nil
      }
    case .failure(let failure):
      statistics.errors += 1
      needsInitialisation = true
      if failure.errno == .noDevice || failure.errno == .noSuchFile
        || failure.errno == .badFileDescriptor
      {
        closeDevice()
      }
      if var episode {
        episode.retries += 1
        episode.backoff = min(episode.backoff * 2, Self.maximumBackoff)
        episode.retryAt = now + episode.backoff
        self.episode = episode
      } else {
        log(
          .warning, LogTag("lcd", "i2c"),
          "\(settings): \(failure.call) failed: \(failure.errno); retrying with backoff")
        episode = Episode(retryAt: now + Self.firstBackoff, backoff: Self.firstBackoff)
      }
    }
  }

  /// Closes the adapter.
  public mutating func close() {
    closeDevice()
  }

  /// Reads `count` bytes of DDRAM from `address` back through the RW pin,
  /// then puts the address counter back where the frame's cursor wants it.
  public mutating func readDDRAM(from address: UInt8, count: Int) -> Result<[UInt8], Errno> {
    var result: [UInt8] = []
    return readRAM(
      setAddress: HD44780Instruction.setDDRAMAddress(address), count: count, into: &result
    )
    .map { result }
  }

  /// Reads `count` bytes of CGRAM (glyph rows, 8 per slot) from `address`
  /// back through the RW pin, then puts the address counter back in DDRAM.
  public mutating func readCGRAM(from address: UInt8, count: Int) -> Result<[UInt8], Errno> {
    var result: [UInt8] = []
    return readRAM(
      setAddress: HD44780Instruction.setCGRAMAddress(address), count: count, into: &result
    )
    .map { result }
  }

  private mutating func readRAM(setAddress: UInt8, count: Int, into result: inout [UInt8])
    -> Result<Void, Errno>
  {
    guard let fd, !needsInitialisation else { return .failure(.badFileDescriptor) }
    result.removeAll(keepingCapacity: true)
    result.reserveCapacity(count)
    var outcome = sendWrite(.command(setAddress), fd: fd)
    while case .success = outcome, result.count < count {
      switch readByte(rs: true, fd: fd) {
      case .success(let byte): result.append(byte)
      case .failure(let failure): outcome = .failure(failure)
      }
    }
    if case .success = outcome { outcome = restoreCursor(fd: fd) }
    if case .success = outcome { outcome = flush(fd: fd) }
    switch outcome {
    case .success: return .success(())
    case .failure(let failure): return .failure(readFailed(failure))
    }
  }

  // MARK: Checking the glass

  /// The most bytes one look at the glass reads (about 1.2 ms each through
  /// a PCF8574 at 100 kHz), so a check never holds the loop for long.
  public static var cellsPerCheck: Int { 40 }

  /// How many looks a whole check of the newest frame takes: its rows in
  /// parts of at most `cellsPerCheck` cells; the custom glyphs it shows
  /// ride along, one a look, where a part leaves room for one (16x1, 16x2,
  /// 16x4), else take a look of their own (20 and 40 columns).
  @inline(__always)
  public var glassParts: Int {
    guard hasLatest else { return 1 }
    let geometry = latest.geometry
    let glyphsApart = latestSlots != 0 && spareBytes(geometry) < 8
    return rowParts(geometry) + (glyphsApart ? 1 : 0)
  }

  private func rowsPerPart(_ geometry: LCDGeometry) -> Int {
    Swift.min(geometry.rows, Swift.max(1, Self.cellsPerCheck / geometry.columns))
  }

  private func rowParts(_ geometry: LCDGeometry) -> Int {
    let rows = rowsPerPart(geometry)
    return (geometry.rows + rows - 1) / rows
  }

  /// What a part of rows leaves of a look's bytes.
  private func spareBytes(_ geometry: LCDGeometry) -> Int {
    Self.cellsPerCheck - rowsPerPart(geometry) * geometry.columns
  }

  /// Reads part `part` (of `glassParts`) of the module's RAM back and
  /// compares it with the newest frame: the rows of that part (and one
  /// custom glyph the frame shows, in turn, where there is room), or the
  /// glyphs. Nothing is read while the bus is failing or the frame is
  /// still to be sent.
  public mutating func checkGlass(part: Int) -> GlassCheck {
    guard hasLatest, latestShown, episode == nil, fd != nil, !needsInitialisation else {
      return .unchecked
    }
    let geometry = latest.geometry
    let rowsPerPart = rowsPerPart(geometry)
    let shown = latestSlots
    if part >= rowParts(geometry) { return checkGlyphs(shown) }
    let first = part * rowsPerPart
    for row in first..<Swift.min(geometry.rows, first + rowsPerPart) {
      // A row is read in runs of consecutive addresses (a 16x1 module's
      // right half lives at 0x40).
      var column = 0
      while column < geometry.columns {
        let address = geometry.address(row: row, column: column)
        var count = 1
        while column + count < geometry.columns,
          geometry.address(row: row, column: column + count) == address &+ UInt8(count)
        {
          count += 1
        }
        let outcome = readBack(
          setAddress: HD44780Instruction.setDDRAMAddress(address), count: count)
        if case .failure(let errno) = outcome { return .unreadable(errno) }
        for offset in 0..<count where readBack[offset] != latest[row, column + offset] {
          return .cellDiffers(
            row: row, column: column + offset, shown: readBack[offset],
            expected: latest[row, column + offset])
        }
        column += count
      }
    }
    guard shown != 0, spareBytes(geometry) >= 8 else { return .matches }
    // One shown glyph a look, in turn.
    var slot = (nextGlyph + 1) % 8
    while shown & (1 << slot) == 0 { slot = (slot + 1) % 8 }
    nextGlyph = slot
    return checkGlyphs(1 << UInt8(slot))
  }

  /// Reads the glyphs of `slots` back and compares them with the newest
  /// frame's.
  private mutating func checkGlyphs(_ slots: UInt8) -> GlassCheck {
    for slot in 0..<8 where slots & (1 << slot) != 0 {
      let outcome = readBack(
        setAddress: HD44780Instruction.setCGRAMAddress(UInt8(slot * 8)), count: 8)
      if case .failure(let errno) = outcome { return .unreadable(errno) }
      for row in 0..<8 where readBack[row] & 0x1F != latest.glyphRow(slot: slot, row: row) & 0x1F {
        return .glyphDiffers(slot: slot, row: row)
      }
    }
    return .matches
  }

  /// Reads into the reserved `readBack` buffer (moved out and back, so
  /// nothing is allocated).
  private mutating func readBack(setAddress: UInt8, count: Int) -> Result<Void, Errno> {
    var buffer: [UInt8] = []
    swap(&buffer, &readBack)
    defer { swap(&buffer, &readBack) }
    return readRAM(setAddress: setAddress, count: count, into: &buffer)
  }

  /// Re-initialises the module and draws the newest frame whole, now if
  /// the bus answers (the watchdog's repair of a wrong glass).
  public mutating func redraw(at now: Instant) {
    needsInitialisation = true
    latestShown = false
    service(at: now)
  }

  /// Reads the busy flag and the address counter.
  public mutating func readBusyFlag() -> Result<(busy: Bool, address: UInt8), Errno> {
    guard let fd, !needsInitialisation else { return .failure(.badFileDescriptor) }
    switch readByte(rs: false, fd: fd).flatMap({ byte in flush(fd: fd).map { byte } }) {
    case .success(let byte): return .success((byte & 0x80 != 0, byte & 0x7F))
    case .failure(let failure): return .failure(readFailed(failure))
    }
  }

  /// A read cut short leaves the module in an unknown nibble phase: the
  /// newest frame is drawn again after an initialisation, at the next
  /// `service(at:)`.
  private mutating func readFailed(_ failure: BusFailure) -> Errno {
    needsInitialisation = true
    latestShown = false
    pendingCount = 0
    pins = nil
    return failure.errno
  }

  // MARK: Sending

  /// Sends the newest frame.
  private mutating func send() -> Result<Void, BusFailure> {
    let fd: Int32
    switch openDevice() {
    case .success(let opened): fd = opened
    case .failure(let failure): return .failure(failure)
    }
    if needsInitialisation {
      if case .failure(let failure) = initialise(fd: fd) { return .failure(failure) }
      encoder.reset()
      needsInitialisation = false
    }
    writes.removeAll(keepingCapacity: true)
    encoder.encode(&latest, into: &writes)
    // On a failure `service(at:)` marks the module for initialisation, and
    // the encoder starts afresh after it.
    for write in writes {
      if case .failure(let failure) = sendWrite(write, fd: fd) { return .failure(failure) }
    }
    return flush(fd: fd)
  }

  private mutating func openDevice() -> Result<Int32, BusFailure> {
    if let fd { return .success(fd) }
    let opened: Int32
    switch system.open(settings.path) {
    case .success(let value): opened = value
    case .failure(let errno): return .failure(BusFailure(call: "open", errno: errno))
    }
    if case .failure(let errno) = system.setPeripheralAddress(opened, settings.address) {
      system.close(opened)
      return .failure(BusFailure(call: "ioctl(I2C_SLAVE)", errno: errno))
    }
    fd = opened
    needsInitialisation = true
    functionality = (try? system.functionality(opened).get()) ?? .byteOnly
    mode = I2CWriteMode(functionality)
    log(.debug, LogTag("lcd", "i2c"), "\(settings): writes as \(mode)")
    return .success(opened)
  }

  private mutating func closeDevice() {
    if let fd { system.close(fd) }
    fd = nil
  }

  /// The datasheet's initialisation by instruction, which brings the module
  /// into 4-bit mode from any state: 8-bit after power-on, 4-bit, or halfway
  /// through a byte after an interrupted transfer.
  private mutating func initialise(fd: Int32) -> Result<Void, BusFailure> {
    pendingCount = 0
    pins = nil
    if case .failure(let failure) = pause(Self.powerOnMicroseconds, fd: fd) {
      return .failure(failure)
    }
    let steps: [(nibble: UInt8, wait: Int)] = [(0x3, 4_500), (0x3, 150), (0x3, 150), (0x2, 150)]
    for step in steps {
      if case .failure(let failure) = queue(expander.initNibbleStates(step.nibble), fd: fd) {
        return .failure(failure)
      }
      if case .failure(let failure) = pause(step.wait, fd: fd) { return .failure(failure) }
    }
    statistics.initialisations += 1
    return .success(())
  }

  private mutating func sendWrite(_ write: HD44780Write, fd: Int32) -> Result<Void, BusFailure> {
    let states = expander.states(of: write, after: pins)
    if case .failure(let failure) = queue(states, fd: fd) { return .failure(failure) }
    // Clear and home take 1.52 ms. Every other instruction takes 37 µs,
    // less than the two expander states (≥ 90 µs each at the PCF8574's
    // 100 kHz) before the next falling edge of E.
    if case .command(let byte) = write,
      byte == HD44780Instruction.clearDisplay || byte & 0xFE == 0x02
    {
      return pause(Self.clearMicroseconds, fd: fd)
    }
    return .success(())
  }

  /// Adds `states` to the next transfer, sending the transfer whenever it
  /// is as long as the mode allows.
  private mutating func queue(_ states: ExpanderStates, fd: Int32) -> Result<Void, BusFailure> {
    let limit = mode.maximumBytes
    for state in states {
      if pendingCount >= limit,
        case .failure(let failure) = flush(fd: fd)
      {
        return .failure(failure)
      }
      pending[pendingCount] = state
      pendingCount &+= 1
      pins = state
    }
    return .success(())
  }

  /// Sends the queued states: one transfer, or one send-byte transfer a
  /// state in `.sendByte` mode (or for a lone state). An adapter that
  /// refuses a block transfer it said it could make (`EOPNOTSUPP`) is
  /// written to in the next mode down from then on.
  private mutating func flush(fd: Int32) -> Result<Void, BusFailure> {
    let count = pendingCount
    guard count > 0 else { return .success(()) }
    pendingCount = 0
    if mode == .sendByte || count == 1 {
      for index in 0..<count {
        let state = pending[index]
        if case .failure(let errno) = system.sendByte(fd, state) {
          pins = nil
          return .failure(BusFailure(call: "SMBus send byte", errno: errno))
        }
        statistics.bytesSent += 1
        statistics.transfers += 1
      }
      return .success(())
    }
    // Moved out and back (nothing allocated): the bytes are read while the
    // system, another part of self, is called.
    var block: [UInt8] = []
    swap(&block, &pending)
    let address = settings.address
    let current = mode
    let outcome = block.withUnsafeBytes { bytes in
      system.write(fd, to: address, UnsafeRawBufferPointer(rebasing: bytes[0..<count]), as: current)
    }
    swap(&block, &pending)
    switch outcome {
    case .success:
      statistics.bytesSent += count
      statistics.transfers += 1
      return .success(())
    case .failure(let errno):
      pins = nil
      let call: StaticString = mode == .messages ? "ioctl(I2C_RDWR)" : "SMBus I2C-block write"
      if errno == .notSupported {
        let next = mode.fallback(functionality)
        log(.notice, LogTag("lcd", "i2c"), "\(settings): \(mode) refused; writing as \(next)")
        mode = next
      }
      return .failure(BusFailure(call: call, errno: errno))
    }
  }

  /// One byte read as two nibbles: the data pins released (written high)
  /// with RW set and E low — unless the pins are already so, as the byte
  /// before in the same read leaves them — then for each nibble E raised,
  /// the pins read, E lowered. The states before each read go in one
  /// transfer; the last is queued for whatever comes next.
  private mutating func readByte(rs: Bool, fd: Int32) -> Result<UInt8, BusFailure> {
    let wiring = settings.wiring
    let backlight = expander.backlight
    var byte: UInt8 = 0
    let idleState = wiring.byte(nibble: 0x0F, rs: rs, rw: true, enable: false, backlight: backlight)
    let strobeState = wiring.byte(
      nibble: 0x0F, rs: rs, rw: true, enable: true, backlight: backlight)
    for _ in 0..<2 {
      var states = ExpanderStates()
      if pins != idleState { states.append(idleState) }
      states.append(strobeState)
      if case .failure(let failure) = queue(states, fd: fd) { return .failure(failure) }
      if case .failure(let failure) = flush(fd: fd) { return .failure(failure) }
      switch system.receiveByte(fd) {
      case .success(let levels):
        statistics.bytesReceived += 1
        statistics.transfers += 1
        byte = byte << 4 | wiring.nibble(in: levels)
      case .failure(let errno):
        pins = nil
        return .failure(BusFailure(call: "SMBus receive byte", errno: errno))
      }
      var idle = ExpanderStates()
      idle.append(idleState)
      if case .failure(let failure) = queue(idle, fd: fd) { return .failure(failure) }
    }
    return .success(byte)
  }

  private mutating func restoreCursor(fd: Int32) -> Result<Void, BusFailure> {
    // Data writes always set their address first: only a visible cursor
    // needs the counter in its place, and after a CGRAM read it must at
    // least be back in DDRAM.
    var address: UInt8 = 0
    if hasLatest, let cursor = latest.visibleCursor {
      address = latest.geometry.address(row: cursor.row, column: cursor.column)
    }
    return sendWrite(.command(HD44780Instruction.setDDRAMAddress(address)), fd: fd)
  }

  /// Sends what is queued, then waits `microseconds` for the controller.
  private mutating func pause(_ microseconds: Int, fd: Int32) -> Result<Void, BusFailure> {
    if case .failure(let failure) = flush(fd: fd) { return .failure(failure) }
    statistics.pauseMicroseconds += microseconds
    system.pause(microseconds: microseconds)
    return .success(())
  }

  /// A failed system call.
  private struct BusFailure: Error {
    var call: StaticString
    var errno: Errno
  }

  /// A run of bus errors: logged when it starts and when it ends.
  private struct Episode {
    var retryAt: Instant
    var backoff: Duration
    var retries = 0
  }
}

extension HD44780I2CDisplay: Display {}
