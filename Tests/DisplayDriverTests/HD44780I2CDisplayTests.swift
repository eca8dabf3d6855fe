import CharacterLCD
import Diagnostics
import DisplayDriver
import KeypadInput
import LCDTestSupport
import SimulatedPeers
import SystemLayer
import TestSupport
import Testing

private func display(
  wiring: PCF8574Wiring = .backpack, functionality: I2CFunctionality = .plainI2C,
  log: Log = .disabled
) -> HD44780I2CDisplay<RecordingI2CSystem> {
  HD44780I2CDisplay(
    settings: I2CDisplaySettings(path: "/dev/i2c-1", address: 0x27, wiring: wiring),
    system: RecordingI2CSystem(wiring: wiring, functionality: functionality), log: log)
}

/// The three kinds of adapter: plain I2C (messages), SMBus with I2C-block
/// writes (the kernel's i2c-stub), and SMBus bytes only.
private let adapters: [I2CFunctionality] = [.plainI2C, .smbus, .byteOnly]

/// A 16x2 frame of ASCII rows.
private func asciiFrame(_ rows: [String]) -> LCDFrame {
  var frame = LCDFrame(geometry: .lcd16x2, rom: .a00)
  for (row, text) in rows.enumerated() {
    for (column, scalar) in text.unicodeScalars.enumerated() {
      frame[row, column] = UInt8(scalar.value)
    }
  }
  return frame
}

private let wirings: [(PCF8574Wiring, BackpackDecoder)] = [
  (.backpack, .backpack), (.lcdproc, .lcdproc),
]

@Test(
  "random frame sequences reach the glass exactly and without a timing hazard, decoded by an independent HD44780 model, on every geometry, ROM, wiring and kind of adapter",
  arguments: LCDGeometry.supported, adapters)
func hd44780I2CDisplay_randomFramesDecodeIndependently(
  geometry: LCDGeometry, functionality: I2CFunctionality
) {
  for rom in CharacterROM.all {
    for (index, (wiring, decoderPreset)) in wirings.enumerated() {
      var driver = display(wiring: wiring, functionality: functionality)
      var frames = RandomFrames(
        geometry: geometry, rom: rom,
        random: SplitMix64(seed: 0x12C0 + UInt64(geometry.cellCount * 4 + index)))
      var decoder = decoderPreset
      var emulator = HD44780Emulator(geometry: geometry)
      var frame: LCDFrame?
      var decodedSoFar = 0
      for step in 0..<150 {
        let next = frames.next(after: frame)
        frame = next
        driver.show(next, at: Instant(microseconds: Int64(step) * 10_000))
        decoder = decoderPreset
        decoder.feed(driver.system.sent)
        emulator.execute(Array(decoder.writes[decodedSoFar...]))
        decodedSoFar = decoder.writes.count
        let problems = emulator.differences(from: next)
        #expect(problems.isEmpty, "\(geometry) \(rom) wiring \(index) step \(step): \(problems)")
        // The product's simulated module agrees.
        #expect(
          driver.system.bus.backpack.glass(geometry: geometry, rom: rom) == next,
          "\(geometry) \(rom) wiring \(index) step \(step)")
        if !problems.isEmpty { return }
      }
      #expect(driver.statistics.initialisations == 1)
      #expect(decoder.readsSeen == 0)
      #expect(decoder.hazards == 0, "\(geometry) \(rom) wiring \(index): timing hazards")
      #expect(driver.writeMode == I2CWriteMode(functionality))
      #expect(driver.system.writeSizes.allSatisfy { $0 <= driver.writeMode.maximumBytes })
    }
  }
}

@Test(
  "the first frame is preceded by the datasheet's 4-bit initialisation and its waits, on every kind of adapter",
  arguments: adapters)
func hd44780I2CDisplay_initialisationTimings(functionality: I2CFunctionality) {
  var driver = display(functionality: functionality)
  driver.show(LCDFrame(geometry: .lcd16x2, rom: .a00), at: .zero)
  let calls = driver.system.calls
  #expect(calls.prefix(3) == [.open("/dev/i2c-1"), .address(0x27), .functionality])
  // Waits, in order, and which nibble each follows: every state before a
  // wait is on the bus before it.
  var waits: [(afterBytes: Int, microseconds: Int)] = []
  var sent = 0
  for call in calls {
    switch call {
    case .send: sent += 1
    case .write(let bytes, _): sent += bytes.count
    case .pause(let microseconds): waits.append((sent, microseconds))
    default: break
    }
  }
  #expect(waits.count >= 6)
  #expect(waits[0].afterBytes == 0 && waits[0].microseconds >= 15_000, "power-on wait")
  #expect(waits[1].afterBytes == 3 && waits[1].microseconds >= 4_100, "after the first 0x3")
  #expect(waits[2].afterBytes == 6 && waits[2].microseconds >= 100, "after the second 0x3")
  #expect(waits[3].afterBytes == 9 && waits[3].microseconds >= 100, "after the third 0x3")
  // The four init nibbles: 0x3, 0x3, 0x3, 0x2 on D4–D7 (P4–P7), E on P2.
  let bytes = driver.system.sent
  #expect(
    Array(bytes.prefix(12)) == [
      0x38, 0x3C, 0x38, 0x38, 0x3C, 0x38, 0x38, 0x3C, 0x38, 0x28, 0x2C, 0x28,
    ])
  // Clear display (0x01) is followed by a wait of at least 1.52 ms.
  var decoder = BackpackDecoder.backpack
  var clearAt: Int?
  for (index, byte) in bytes.enumerated() {
    decoder.feed([byte])
    if clearAt == nil, decoder.writes.last == .command(0x01) { clearAt = index + 1 }
  }
  let clearWait = waits.first { $0.afterBytes == clearAt }
  #expect(clearWait != nil && (clearWait?.microseconds ?? 0) >= 1_520)
  #expect(driver.system.bus.backpack.controller.eightBitInterface == false)
  #expect(driver.system.bus.backpack.controller.displayOn)
}

@Test(
  "a typed letter sends only the changed cell and the cursor, in one transfer: within 3 ms at 100 kHz where the adapter takes blocks",
  arguments: adapters)
func hd44780I2CDisplay_onlyChangesAreSent(functionality: I2CFunctionality) {
  var driver = display(functionality: functionality)
  var frame = asciiFrame(["Hello", ""])
  driver.show(frame, at: .zero)
  let before = driver.statistics
  frame[0, 5] = 0x21
  frame.cursor = CursorPosition(row: 0, column: 6)
  frame.cursorStyle = .underline
  driver.show(frame, at: .zero)
  let delta = driver.statistics.since(before)
  // Set DDRAM address (4: RS stays low after the first frame's last
  // instruction), one data byte (5: RS set up), set DDRAM address for the
  // cursor (5: RS back), display control for the cursor (4).
  #expect(delta.bytesSent == 18)
  switch I2CWriteMode(functionality) {
  case .messages, .i2cBlock:
    #expect(delta.transfers == 1)
    #expect(delta.busMicroseconds(hertz: 100_000) == (9 * 18 + 11) * 10)
    #expect(delta.busMicroseconds(hertz: 100_000) <= 3_000)
  case .sendByte:
    #expect(delta.transfers == 18)
    #expect(delta.busMicroseconds(hertz: 100_000) == 18 * 200)
  }
}

@Test(
  "a whole 16x2 screen changed reaches the glass within 20 ms at 100 kHz where the adapter takes blocks",
  arguments: [I2CFunctionality.plainI2C, .smbus])
func hd44780I2CDisplay_wholeScreenWithinTwentyMilliseconds(functionality: I2CFunctionality) {
  var driver = display(functionality: functionality)
  driver.show(asciiFrame(["0123456789abcdef", "ghijklmnopqrstuv"]), at: .zero)
  let before = driver.statistics
  var frame = asciiFrame(["ABCDEFGHIJKLMNOP", "QRSTUVWXYZ!?+-*/"])
  frame.cursor = CursorPosition(row: 1, column: 3)
  frame.cursorStyle = .underline
  driver.show(frame, at: .zero)
  let delta = driver.statistics.since(before)
  #expect(driver.system.bus.backpack.glass(geometry: .lcd16x2, rom: .a00) == frame)
  #expect(delta.pauseMicroseconds == 0)
  #expect(delta.busMicroseconds(hertz: 100_000) <= 20_000, "\(delta)")
}

@Test("the bus time of a transfer is 9 clocks a byte and 11 for start, address and stop")
func busStatistics_timeModel() {
  var statistics = BusStatistics()
  statistics.bytesSent = 1
  statistics.transfers = 1
  #expect(statistics.busMicroseconds(hertz: 100_000) == 200, "an SMBus send byte: 20 clocks")
  statistics.bytesSent = 26
  #expect(statistics.busMicroseconds(hertz: 100_000) == 2_450, "26 states in one transfer")
  statistics.bytesReceived = 2
  statistics.transfers = 3
  statistics.pauseMicroseconds = 2_000
  #expect(statistics.busMicroseconds(hertz: 400_000) == (9 * 28 + 33) * 10 / 4 + 2_000)
}

@Test(
  "an adapter that refuses the block transfers it claims is written to in the next mode down, and the frame still arrives"
)
func hd44780I2CDisplay_refusedBlocksFallBack() {
  let logs = LogCollector()
  var driver = display(functionality: .plainI2C, log: logs.log)
  driver.system.refused = [.messages]
  let frame = asciiFrame(["Refused", "then sent"])
  driver.show(frame, at: .zero)
  #expect(driver.isFailing)
  #expect(driver.writeMode == .i2cBlock)
  driver.service(at: Instant(microseconds: 1_000_000))
  #expect(!driver.isFailing)
  #expect(driver.system.bus.backpack.glass(geometry: .lcd16x2, rom: .a00) == frame)
  driver.system.refused = [.messages, .i2cBlock]
  var next = frame
  next[0, 0] = 0x72
  driver.show(next, at: Instant(microseconds: 2_000_000))
  #expect(driver.writeMode == .sendByte)
  driver.service(at: Instant(microseconds: 3_000_000))
  #expect(driver.system.bus.backpack.glass(geometry: .lcd16x2, rom: .a00) == next)
  let notices = logs.records.filter { $0.message.contains("refused; writing as") }
  #expect(notices.count == 2)
}

@Test(
  "every kind of bus error is retried with backoff, logged once, and the newest frame is drawn when the bus is back",
  arguments: [
    Errno.noSuchDeviceOrAddress, .remoteIO, .ioError, .timedOut, .wouldBlock, .noDevice,
  ])
func hd44780I2CDisplay_busErrorsLoseNothing(errno: Errno) {
  let logs = LogCollector()
  var driver = display(log: logs.log)
  driver.show(asciiFrame(["Ready", ""]), at: .zero)
  driver.system.fault = errno
  var time = Instant(microseconds: 1_000_000)
  // Typing goes on while the bus fails: each frame is kept, none sent.
  var last = asciiFrame(["Ready", ""])
  for letter in ["H", "He", "Hel", "Hell", "Hello"] {
    last = asciiFrame([letter, "typed"])
    driver.show(last, at: time)
    time = time + .milliseconds(7)
  }
  #expect(driver.isFailing)
  for _ in 0..<30 {
    driver.service(at: time)
    time = time + .milliseconds(50)
  }
  let warnings = logs.records.filter { $0.level == .warning }
  #expect(warnings.count == 1, "one log line per episode")
  #expect(warnings.first.map { $0.line.hasPrefix("[lcd][i2c] warning: /dev/i2c-1@0x27: ") } == true)
  #expect(warnings.first.map { $0.message.hasSuffix("retrying with backoff") } == true)
  // Backoff: far fewer attempts than service calls.
  let attempts = driver.system.calls.filter { $0 == .open("/dev/i2c-1") }.count
  let sends = driver.system.calls.count
  #expect(sends < 200, "retries back off (\(attempts) opens, \(sends) calls)")
  // The module lost power meanwhile (a brown-out): it wakes in 8-bit mode.
  driver.system.bus.powerCycle()
  driver.system.fault = nil
  driver.service(at: time + HD44780I2CDisplay<RecordingI2CSystem>.maximumBackoff)
  #expect(!driver.isFailing)
  #expect(driver.system.bus.backpack.glass(geometry: .lcd16x2, rom: .a00) == last)
  #expect(driver.statistics.initialisations == 2, "re-initialised after the episode")
  #expect(logs.records.filter { $0.level == .notice }.count == 1)
  if errno == .noDevice {
    #expect(
      driver.system.openDescriptors.count == 1, "the vanished adapter was closed and reopened")
  }
}

@Test("an adapter that is missing at start-up is opened once it appears")
func hd44780I2CDisplay_adapterAppearsLater() {
  let logs = LogCollector()
  var driver = display(log: logs.log)
  driver.system.openFault = .noSuchFile
  let frame = asciiFrame(["Hi", ""])
  driver.show(frame, at: .zero)
  #expect(driver.isFailing)
  driver.system.openFault = nil
  driver.service(at: Instant(microseconds: 5_000_000))
  #expect(driver.system.bus.backpack.glass(geometry: .lcd16x2, rom: .a00) == frame)
  // A warning when it fails, a notice when it is back; at debug level,
  // how the driver writes to the adapter it opened.
  #expect(logs.records.filter { $0.level != .debug }.map(\.level) == [.warning, .notice])
  #expect(
    logs.records.filter { $0.level == .debug }.map(\.message) == [
      "/dev/i2c-1@0x27: writes as I2C messages"
    ])
}

@Test("DDRAM, CGRAM and the busy flag read back through the RW pin, and the cursor stays put")
func hd44780I2CDisplay_readsBack() throws {
  var driver = display(wiring: .lcdproc)
  var frame = asciiFrame(["Abc", "xyz"])
  frame.setGlyph(GlyphLibrary.euro, slot: 2)
  frame[0, 5] = 2
  frame.cursor = CursorPosition(row: 1, column: 3)
  frame.cursorStyle = .underline
  driver.show(frame, at: .zero)
  let row0 = try driver.readDDRAM(from: 0x00, count: 4).get()
  #expect(row0 == [0x41, 0x62, 0x63, 0x20])
  let euro = try driver.readCGRAM(from: 2 * 8, count: 8).get()
  #expect(euro == (0..<8).map { GlyphLibrary.euro.rows[$0] })
  let row1 = try driver.readDDRAM(from: 0x40, count: 3).get()
  #expect(row1 == [0x78, 0x79, 0x7A])
  let status = try driver.readBusyFlag().get()
  #expect(status.busy == false)
  #expect(status.address == 0x43, "the address counter is back at the cursor")
  #expect(driver.system.bus.backpack.glass(geometry: .lcd16x2, rom: .a00) == frame)
}

@Test(
  "a run of bytes read back costs four expander writes each after the first: E is strobed from where the byte before left it"
)
func hd44780I2CDisplay_readBackRunsShareTheIdleState() throws {
  var driver = display()
  driver.show(asciiFrame(["Hello, world", "second row"]), at: .zero)
  _ = try driver.readDDRAM(from: 0x40, count: 1).get()
  let before = driver.statistics
  let cells = try driver.readDDRAM(from: 0x00, count: 12).get()
  #expect(cells == Array("Hello, world".utf8))
  let sent = driver.statistics.bytesSent - before.bytesSent
  let received = driver.statistics.bytesReceived - before.bytesReceived
  // Set the address (4: RS and RW already low), the first byte (1 + 2 × 2),
  // eleven more (4 each), the cursor's address back (5: RW set low again).
  #expect(sent == 4 + 5 + 11 * 4 + 5)
  #expect(received == 12 * 2, "two nibbles a byte")
  var decoder = BackpackDecoder.backpack
  decoder.feed(driver.system.sent)
  #expect(decoder.hazards == 0)
}
