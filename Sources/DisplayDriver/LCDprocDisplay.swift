import CharacterLCD
import Diagnostics
import SystemLayer
import Vocabulary

/// The phone's LCD on a display LCDd (lcdproc) drives, and optionally the
/// keys LCDd reads: a client of LCDd's line protocol over TCP.
///
/// `hello`, then from LCDd's `connect … lcd wid W hgt H` one screen at
/// foreground priority without heartbeat, one string widget per row, and
/// `widget_set` for the rows that changed since LCDd last had them. The
/// phone never waits for LCDd: every call is non-blocking, lines from LCDd
/// (`success`, `listen`, `ignore`, `key`, `menuevent`, `huh?`) are read
/// whenever they come, and when LCDd goes away the client says so once,
/// tries again with backoff, and on reconnecting sets everything up again
/// and redraws every row. Text is sent as Latin-1 (`LCDprocText`).
///
/// Memory is fixed at start: a receive buffer (a longer line is dropped and
/// logged), an output buffer (a row that does not fit waits for the next
/// call), the rows, and a small queue of key taps.
public struct LCDprocDisplay<System: SocketSystem> {
  /// LCDd's host (a name or an address).
  public let host: String
  /// LCDd's TCP port.
  public let port: UInt16
  /// The size of the phone's LCD.
  public let geometry: LCDGeometry
  /// The socket calls (a simulated LCDd in scenarios).
  public var system: System
  /// The keys taken from LCDd, if this client reads keys.
  public let keymap: LCDprocKeymap?

  /// LCDd's screen id and the client name it shows.
  public static var screenID: String { "t9phone" }

  private enum Phase {
    case idle, connecting, greeting, ready
  }

  private let log: Log
  private let tapHold: Duration
  private let longHold: Duration
  private let firstRetry: Duration
  private let maximumRetry: Duration
  private let answerTimeout: Duration

  private let pollInterval: Duration
  private var lastService = Instant.zero
  private var phase = Phase.idle
  private var fd: Int32 = -1
  private var phaseStarted = Instant.zero
  private var retryAt: Instant?
  private var retry: Duration
  private var troubled = false

  /// LCDd's display width from its `connect` line, while connected (else 0).
  public private(set) var serverColumns = 0
  /// LCDd's display height from its `connect` line, while connected (else 0).
  public private(set) var serverRows = 0
  /// Times the connection was lost or refused.
  public private(set) var failures = 0
  /// Times LCDd was back after a failure.
  public private(set) var recoveries = 0
  /// Keys from LCDd dropped because the queue of taps was full.
  public private(set) var droppedKeys = 0
  /// Whether LCDd said our screen is on its display (`listen`) and has not
  /// taken it away since (`ignore`).
  public private(set) var isListened = false

  private var wanted: [UInt8]
  private var shown: [UInt8]
  private var rowShown: [Bool]
  private var wantedCursor = Cursor.none
  private var shownCursor: Cursor?

  private var outbox: [UInt8]
  private var line: [UInt8]
  private var inbox: [UInt8]
  private var scratch: [UInt8]
  private var discarding = false
  private let outboxCapacity: Int
  private let inboxCapacity: Int

  private var pendingKeys: [KeyEvent]
  private var awaitingReplies = 0
  private var refusedSinceCheck = false
  private let keyCapacity: Int

  private struct Cursor: Equatable {
    var style: UInt8  // 0 off, 1 under, 2 block
    var column: Int
    var row: Int
    var backlight: Bool
    static var none: Cursor { Cursor(style: 0, column: 0, row: 0, backlight: true) }
  }

  /// A client that connects at the first `service(at:)`.
  ///
  /// - Parameters:
  ///   - keymap: LCDd's keys to take (`client_add_key`), or nil for a
  ///     display only.
  ///   - tapHold: how long a key from LCDd is held (LCDd sends one line a
  ///     press); `longHold` for a `long` mapping.
  ///   - retry: the first wait before reconnecting, doubled after each
  ///     failure up to `maximumRetry`; `answerTimeout`: how long a
  ///     connection or LCDd's answer to `hello` may take.
  ///   - pollInterval: how often `nextDeadline` asks for a call while
  ///     connecting or while output waits.
  ///   - receiveCapacity: the longest line from LCDd kept (longer ones are
  ///     dropped); `sendCapacity`: the output buffer.
  public init(
    host: String = "127.0.0.1", port: UInt16 = DisplaySpec.defaultLCDprocPort,
    geometry: LCDGeometry,
    keymap: LCDprocKeymap? = nil, tapHold: Duration = .milliseconds(80),
    longHold: Duration = .milliseconds(800), retry: Duration = .milliseconds(500),
    maximumRetry: Duration = .seconds(5), answerTimeout: Duration = .seconds(5),
    pollInterval: Duration = .milliseconds(10),
    receiveCapacity: Int = 1024, sendCapacity: Int = 4096, keyCapacity: Int = 16,
    system: System, log: Log
  ) {
    self.host = host
    self.port = port
    self.geometry = geometry
    self.keymap = keymap
    self.system = system
    self.log = log
    self.tapHold = tapHold
    self.longHold = longHold
    self.firstRetry = retry
    self.maximumRetry = maximumRetry
    self.answerTimeout = answerTimeout
    self.pollInterval = pollInterval
    self.retry = retry
    let cells = geometry.cellCount
    wanted = [UInt8](repeating: 0x20, count: cells)
    shown = [UInt8](repeating: 0x20, count: cells)
    rowShown = [Bool](repeating: false, count: geometry.rows)
    outboxCapacity = max(sendCapacity, 512)
    inboxCapacity = max(receiveCapacity, 128)
    outbox = []
    outbox.reserveCapacity(outboxCapacity)
    line = []
    line.reserveCapacity(outboxCapacity)
    inbox = []
    inbox.reserveCapacity(inboxCapacity)
    scratch = [UInt8](repeating: 0, count: 512)
    self.keyCapacity = max(keyCapacity, 2) & ~1
    pendingKeys = []
    pendingKeys.reserveCapacity(self.keyCapacity)
  }

  /// Whether LCDd answered `hello` and has our screen.
  public var isConnected: Bool { phase == .ready }

  /// Whether LCDd has everything: connected, the latest frame's rows,
  /// cursor and backlight sent, nothing waiting in the output buffer. A
  /// replay that exits, or a scenario runner that reads its simulated
  /// LCDd, services the client until this is true.
  public var isUpToDate: Bool {
    guard phase == .ready, outbox.isEmpty else { return false }
    let columns = visibleColumns
    for row in 0..<visibleRows {
      let start = row * geometry.columns
      guard rowShown[row],
        shown[start..<(start + columns)].elementsEqual(wanted[start..<(start + columns)])
      else { return false }
    }
    return shownCursor == visibleCursor
  }

  /// The descriptor the run loop may wait on, and whether for writing (a
  /// connection in progress, output waiting) rather than reading.
  public var pollDescriptor: (fd: Int32, writable: Bool)? {
    phase == .idle ? nil : (fd, phase == .connecting || !outbox.isEmpty)
  }

  /// Waits up to `timeoutMilliseconds` for the socket (or for the time
  /// alone, while there is no connection): a run loop waits here instead
  /// of sleeping, so LCDd's answers and keys wake it.
  public mutating func wait(timeoutMilliseconds: Int32) {
    let (fd, writable) = pollDescriptor ?? (-1, false)
    _ = system.wait(fd, writable: writable, timeoutMilliseconds: timeoutMilliseconds)
  }

  /// When `service(at:)` should be called next: the next reconnection, a
  /// key's release, and every `pollInterval` while a connection is being
  /// set up or output waits — so a loop that does not wait on the socket
  /// (`pollDescriptor`) still brings LCDd up to date promptly. Nil when
  /// only news from LCDd can give the client something to do.
  public var nextDeadline: Instant? {
    var due: Instant?
    switch phase {
    case .idle: due = retryAt ?? lastService
    case .connecting, .greeting:
      due = min(lastService + pollInterval, phaseStarted + answerTimeout)
    case .ready: due = outbox.isEmpty ? nil : lastService + pollInterval
    }
    if let key = pendingKeys.first, due.map({ key.time < $0 }) ?? true { due = key.time }
    return due
  }

  // MARK: - Showing frames

  /// Shows `frame` (the latest one wins): sent at once when connected,
  /// otherwise when the connection is (back) up. Only rows that differ from
  /// what LCDd has are sent.
  public mutating func show(_ frame: LCDFrame, at now: Instant) {
    let rows = min(frame.geometry.rows, geometry.rows)
    let columns = min(frame.geometry.columns, geometry.columns)
    for row in 0..<rows {
      for column in 0..<columns {
        wanted[row * geometry.columns + column] = LCDprocText.byte(
          for: frame.character(row: row, column: column))
      }
    }
    var cursor = Cursor.none
    cursor.backlight = frame.backlight
    if let position = frame.cursor, frame.cursorStyle != .off {
      cursor.style = frame.cursorStyle == .underline ? 1 : 2
      cursor.column = position.column
      cursor.row = position.row
    }
    wantedCursor = cursor
    if phase == .ready {
      queueChanges()
      flush(at: now)
    }
  }

  // MARK: - Checking the glass

  /// Compares what LCDd acknowledged with the newest frame: every command
  /// answered, none refused (`huh?`) since the last look, and every row
  /// sent as the frame has it. Nothing is compared while disconnected or
  /// while commands are still on their way.
  public mutating func checkGlass() -> GlassCheck {
    guard phase == .ready, outbox.isEmpty else { return .unchecked }
    if refusedSinceCheck {
      refusedSinceCheck = false
      return .refused
    }
    guard awaitingReplies == 0 else { return .unchecked }
    let columns = visibleColumns
    for row in 0..<visibleRows {
      let start = row * geometry.columns
      if !rowShown[row]
        || !shown[start..<(start + columns)].elementsEqual(
          wanted[start..<(start + columns)])
      {
        return .rowDiffers(row: row)
      }
    }
    return .matches
  }

  /// One look checks the whole screen.
  public var glassParts: Int { 1 }

  /// `checkGlass()`: LCDd's screen is checked whole at every look.
  public mutating func checkGlass(part: Int) -> GlassCheck { checkGlass() }

  /// Up to date, failing (not connected after a failure), and the lost
  /// connections and recoveries so far.
  public var health: PeripheralHealth {
    PeripheralHealth(
      isUpToDate: isConnected && isUpToDate, isFailing: troubled, errors: failures,
      recoveries: recoveries)
  }

  /// Sends every row, the cursor and the backlight again (the watchdog's
  /// repair when LCDd's screen is not the frame).
  public mutating func redraw(at now: Instant) {
    for row in rowShown.indices { rowShown[row] = false }
    shownCursor = nil
    if phase == .ready {
      queueChanges()
      flush(at: now)
    }
  }

  // MARK: - Servicing the connection

  /// Does what is due: connects (or reconnects after backoff), reads and
  /// handles every line LCDd sent, sends what is waiting. Call it whenever
  /// the socket is ready and at `nextDeadline`; calling it more often is
  /// harmless.
  public mutating func service(at now: Instant) {
    lastService = now
    switch phase {
    case .idle:
      if now >= (retryAt ?? now) { startConnecting(at: now) }
    case .connecting:
      checkConnection(at: now)
    case .greeting, .ready:
      readLines(at: now)
    }
    if phase == .greeting && now >= phaseStarted + answerTimeout {
      fail("LCDd did not answer 'hello'", at: now)
    }
    if phase == .ready { queueChanges() }
    if phase == .greeting || phase == .ready { flush(at: now) }
  }

  /// Takes the next key edge from LCDd that is due by `now`: each `key`
  /// line is a press when it came and a release `tapHold` later (a tap;
  /// `longHold` for a `long` mapping). Call until nil.
  public mutating func takeKeyEvent(at now: Instant) -> KeyEvent? {
    guard let first = pendingKeys.first, first.time <= now else { return nil }
    pendingKeys.removeFirst()
    return first
  }

  /// Closes the connection (LCDd then removes the screen).
  public mutating func close() {
    if phase != .idle { system.close(fd) }
    phase = .idle
    fd = -1
    outbox.removeAll(keepingCapacity: true)
    inbox.removeAll(keepingCapacity: true)
  }

  /// Where LCDd is, `host:port`.
  public var address: String { "\(host):\(port)" }

  private mutating func startConnecting(at now: Instant) {
    phaseStarted = now
    switch system.connect(host: host, port: port) {
    case .success(let descriptor):
      fd = descriptor
      phase = .connecting
      checkConnection(at: now)
    case .failure(let error):
      fail("cannot connect: \(error)", at: now)
    }
  }

  private mutating func checkConnection(at now: Instant) {
    switch system.connectionStatus(fd) {
    case .success(true):
      phase = .greeting
      phaseStarted = now
      outbox.removeAll(keepingCapacity: true)
      inbox.removeAll(keepingCapacity: true)
      discarding = false
      append("hello")
      flush(at: now)
    case .success(false):
      if now >= phaseStarted + answerTimeout { fail("cannot connect: timed out", at: now) }
    case .failure(let error):
      fail("cannot connect: \(error)", at: now)
    }
  }

  /// Drops the connection; the next attempt is after the backoff. The first
  /// failure of an episode is a warning, the rest are debug lines.
  private mutating func fail(_ reason: String, at now: Instant) {
    failures += 1
    let wasReady = phase == .ready
    close()
    isListened = false
    serverColumns = 0
    serverRows = 0
    retryAt = now + retry
    let wait = retry
    retry = min(retry * 2, maximumRetry)
    if troubled {
      log(
        .debug, LogTag("lcd", "lcdproc"),
        "LCDd at \(address): \(reason); again in \(wait.wholeMilliseconds) ms")
      return
    }
    troubled = true
    if wasReady {
      log(
        .warning, LogTag("lcd", "lcdproc"),
        "lost LCDd at \(address): \(reason); the phone goes on and reconnects when LCDd is back")
    } else {
      log(
        .warning, LogTag("lcd", "lcdproc"),
        "LCDd at \(address): \(reason); the phone goes on and tries again")
    }
  }

  // MARK: - Reading

  private mutating func readLines(at now: Instant) {
    for _ in 0..<64 {
      guard phase == .greeting || phase == .ready else { return }
      switch system.receive(fd, into: &scratch) {
      case .success(0):
        fail("LCDd closed the connection", at: now)
        return
      case .success(let count):
        take(count, at: now)
      case .failure(let error) where error == .wouldBlock || error == .interrupted:
        return
      case .failure(let error):
        fail("\(error)", at: now)
        return
      }
    }
  }

  private mutating func take(_ count: Int, at now: Instant) {
    for index in 0..<min(count, scratch.count) {
      let byte = scratch[index]
      if byte == 0x0A {
        if discarding {
          discarding = false
        } else {
          handle(inbox[...], at: now)
        }
        inbox.removeAll(keepingCapacity: true)
        if phase != .greeting && phase != .ready { return }
      } else if !discarding {
        if inbox.count == inboxCapacity {
          log(
            .warning, LogTag("lcd", "lcdproc"),
            "dropped a line from LCDd longer than \(inboxCapacity) bytes")
          inbox.removeAll(keepingCapacity: true)
          discarding = true
        } else {
          inbox.append(byte)
        }
      }
    }
  }

  private mutating func handle(_ received: ArraySlice<UInt8>, at now: Instant) {
    let text = LCDprocText.string(received)
    guard let words = LCDprocText.words(received), let first = words.first else {
      if !received.isEmpty { log(.debug, LogTag("lcd", "lcdproc"), "unreadable line '\(text)'") }
      return
    }
    switch LCDprocText.string(first[...]) {
    case "connect":
      guard phase == .greeting else { return }
      greeted(words, text: text, at: now)
    case "success":
      awaitingReplies = max(0, awaitingReplies - 1)
    case "huh?":
      awaitingReplies = max(0, awaitingReplies - 1)
      refusedSinceCheck = true
      log(.warning, LogTag("lcd", "lcdproc"), "LCDd answered '\(text)'")
    case "listen":
      isListened = true
      log(.debug, LogTag("lcd", "lcdproc"), "LCDd shows our screen")
    case "ignore":
      isListened = false
      log(.debug, LogTag("lcd", "lcdproc"), "LCDd shows another screen")
    case "key":
      if words.count >= 2 { pressed(words[1], at: now) }
    case "bye":
      fail("LCDd said bye", at: now)
    default:
      log(.debug, LogTag("lcd", "lcdproc"), "ignored '\(text)'")
    }
  }

  private mutating func greeted(_ words: [[UInt8]], text: String, at now: Instant) {
    var columns = 0
    var rows = 0
    for index in words.indices.dropLast() {
      let value = Int(LCDprocText.string(words[index + 1][...])) ?? 0
      if words[index] == Array("wid".utf8) { columns = value }
      if words[index] == Array("hgt".utf8) { rows = value }
    }
    guard columns > 0, rows > 0 else {
      fail("LCDd's greeting has no display size: '\(text)'", at: now)
      return
    }
    serverColumns = columns
    serverRows = rows
    phase = .ready
    awaitingReplies = 0
    refusedSinceCheck = false
    retry = firstRetry
    let server =
      words.count > 2
      ? LCDprocText.string(words[1][...]) + " " + LCDprocText.string(words[2][...]) : "LCDd"
    if troubled {
      recoveries += 1
      log(
        .info, LogTag("lcd", "lcdproc"),
        "LCDd at \(address) is back (\(server), \(columns)x\(rows)); redrawing")
    } else {
      log(
        .info, LogTag("lcd", "lcdproc"),
        "connected to \(server) at \(address), display \(columns)x\(rows)")
    }
    troubled = false
    if columns != geometry.columns || rows != geometry.rows {
      log(
        .warning, LogTag("lcd", "lcdproc"),
        "LCDd's display is \(columns)x\(rows), the phone's is \(geometry): showing the top left"
          + " \(min(columns, geometry.columns))x\(min(rows, geometry.rows))")
    }
    let screen = Self.screenID
    append("client_set -name \(screen)")
    append("screen_add \(screen)")
    append("screen_set \(screen) -name \(screen) -priority foreground -heartbeat off")
    for row in 0..<visibleRows { append("widget_add \(screen) r\(row + 1) string") }
    if let keymap, !keymap.mappings.isEmpty {
      line.removeAll(keepingCapacity: true)
      line.append(contentsOf: "client_add_key -exclusively".utf8)
      for mapping in keymap.mappings {
        line.append(0x20)
        LCDprocText.appendQuoted(Array(mapping.name.utf8)[...], to: &line)
      }
      line.append(0x0A)
      if !queueLine() {
        log(.warning, LogTag("lcd", "lcdproc"), "too many keys in the keymap to reserve at once")
      }
    }
    for row in rowShown.indices { rowShown[row] = false }
    shownCursor = nil
    queueChanges()
  }

  private mutating func pressed(_ name: [UInt8], at now: Instant) {
    guard let mapping = keymap?.mapping(for: name) else {
      log(
        .debug, LogTag("lcd", "lcdproc"),
        "LCDd key '\(LCDprocText.string(name[...]))' is not mapped")
      return
    }
    guard pendingKeys.count + 2 <= keyCapacity else {
      log(
        .warning, LogTag("lcd", "lcdproc"),
        "dropped key '\(mapping.name)': \(keyCapacity / 2) taps are waiting")
      droppedKeys += 1
      return
    }
    let start = max(now, pendingKeys.last?.time ?? now)
    let press = KeyEvent(.press, mapping.key, at: start)
    let release = KeyEvent(.release, mapping.key, at: start + (mapping.long ? longHold : tapHold))
    pendingKeys.append(press)
    pendingKeys.append(release)
  }

  // MARK: - Writing

  private var visibleRows: Int { min(geometry.rows, serverRows) }
  private var visibleColumns: Int { min(geometry.columns, serverColumns) }

  /// Queues `widget_set` for every row that differs from what LCDd has,
  /// and the cursor and backlight when they changed, as far as the output
  /// buffer has room.
  private mutating func queueChanges() {
    let columns = visibleColumns
    let screen = Self.screenID
    for row in 0..<visibleRows {
      let start = row * geometry.columns
      let cells = wanted[start..<(start + columns)]
      if rowShown[row] && shown[start..<(start + columns)].elementsEqual(cells) { continue }
      line.removeAll(keepingCapacity: true)
      line.append(contentsOf: "widget_set \(screen) r\(row + 1) 1 \(row + 1) ".utf8)
      LCDprocText.appendQuoted(cells, to: &line)
      line.append(0x0A)
      guard queueLine() else { return }
      for column in 0..<columns { shown[start + column] = wanted[start + column] }
      rowShown[row] = true
    }
    let cursor = visibleCursor
    guard cursor != shownCursor else { return }
    let style = cursor.style == 0 ? "off" : cursor.style == 1 ? "under" : "block"
    var command = "screen_set \(screen) -cursor \(style)"
    if cursor.style != 0 {
      command += " -cursor_x \(cursor.column + 1) -cursor_y \(cursor.row + 1)"
    }
    command += " -backlight \(cursor.backlight ? "on" : "off")"
    if append(command) { shownCursor = cursor }
  }

  /// The cursor as LCDd can show it: off when outside the part shown.
  private var visibleCursor: Cursor {
    var cursor = wantedCursor
    if cursor.row >= visibleRows || cursor.column >= visibleColumns { cursor.style = 0 }
    if cursor.style == 0 {
      cursor.row = 0
      cursor.column = 0
    }
    return cursor
  }

  /// Queues one command line; false when the output buffer has no room.
  @discardableResult
  private mutating func append(_ command: String) -> Bool {
    let count = command.utf8.count + 1
    guard outbox.count + count <= outboxCapacity else { return false }
    outbox.append(contentsOf: command.utf8)
    outbox.append(0x0A)
    awaitingReplies += 1
    return true
  }

  /// Queues the command line built in `line` (newline included); false when
  /// the output buffer has no room. Each command LCDd answers is counted.
  private mutating func queueLine() -> Bool {
    guard outbox.count + line.count <= outboxCapacity else { return false }
    outbox.append(contentsOf: line)
    awaitingReplies += 1
    return true
  }

  /// Sends as much of the output buffer as the socket takes.
  private mutating func flush(at now: Instant) {
    while !outbox.isEmpty && (phase == .greeting || phase == .ready) {
      switch system.send(fd, outbox[...]) {
      case .success(let count):
        if count >= outbox.count {
          outbox.removeAll(keepingCapacity: true)
        } else {
          outbox.removeFirst(max(count, 0))
          if count <= 0 { return }
        }
      case .failure(let error) where error == .wouldBlock || error == .interrupted:
        return
      case .failure(let error):
        fail("\(error)", at: now)
        return
      }
    }
  }
}

extension LCDprocDisplay: Display {}
