import DisplayDriver
import SystemLayer

/// LCDd 0.5.9 as a protocol peer, for scenarios and tests: a `SocketSystem`
/// whose other end answers the client's commands as LCDd does and keeps
/// what its display would show.
///
/// It answers `hello` with `connect LCDproc 0.5.9 protocol 0.3 lcd wid W
/// hgt H cellwid 5 cellhgt 8`, commands with `success` (and `listen S` once
/// a screen is added), anything it does not know with `huh? …`, and before
/// `hello` every command with `huh? Function returned error "CMD"`. It
/// keeps the client's screens and string widgets: `rows` is LCDd's display
/// (the highest priority screen, widgets drawn in the order they were
/// added, cut at the right edge, a heart in the top right cell while the
/// screen's heartbeat is not off). Tests tell it to drop the connection (as
/// a restarted LCDd), refuse connections, or send `key` lines.
public struct SimulatedLCDd: SocketSystem {
  /// LCDd's display width in characters.
  public let width: Int
  /// LCDd's display height in rows.
  public let height: Int
  /// When set, connections are refused (`ECONNREFUSED`): LCDd is not running.
  public var refusesConnections = false
  /// How many connections were accepted.
  public private(set) var connections = 0
  /// The client's name from `client_set -name`.
  public private(set) var clientName: String?
  /// The key names the client reserved with `client_add_key`.
  public private(set) var reservedKeys: [String] = []
  /// How many `widget_set` commands were accepted (the traffic a change costs).
  public private(set) var widgetUpdates = 0
  /// The last commands received, oldest first (at most `historyLimit`).
  public private(set) var history: [String] = []
  /// How many `huh?` answers were given.
  public private(set) var errorsAnswered = 0

  private struct Widget {
    var id: String
    var type: String
    var x = 1
    var y = 1
    var text: [UInt8] = []
  }

  private struct Screen {
    var id: String
    var priority = "info"
    var heartbeat = "open"
    var cursor = "off"
    var cursorX = 1
    var cursorY = 1
    var backlight = "open"
    var widgets: [Widget] = []
  }

  private var descriptor: Int32 = -1
  private var nextDescriptor: Int32 = 100
  private var open = false
  private var peerClosed = false
  private var greeted = false
  private var screens: [Screen] = []
  private var toClient: [UInt8] = []
  private var fromClient: [UInt8] = []
  private let historyLimit = 256
  private let outputLimit = 65536
  private let lineLimit = 8192

  /// An LCDd with a `width` x `height` display, accepting connections.
  public init(width: Int = 16, height: Int = 2) {
    self.width = width
    self.height = height
  }

  // MARK: - What LCDd shows

  /// What LCDd's display shows, one string a row, `width` wide (blank
  /// while no client screen is up), Latin-1 read as Unicode.
  public var rows: [String] {
    var cells = [UInt8](repeating: 0x20, count: width * height)
    guard let screen = shownScreen else { return Self.strings(cells, columns: width) }
    for widget in screen.widgets where widget.type == "string" {
      guard (1...height).contains(widget.y), widget.x >= 1 else { continue }
      for (offset, byte) in widget.text.enumerated() {
        let column = widget.x - 1 + offset
        guard column < width else { break }
        cells[(widget.y - 1) * width + column] = byte
      }
    }
    var text = Self.strings(cells, columns: width)
    if screen.heartbeat != "off", !text.isEmpty {
      text[0] = String(text[0].unicodeScalars.dropLast()) + "♥"
    }
    return text
  }

  /// The cursor of the shown screen (`off`, `on`, `under`, `block`) and its
  /// 1-based place.
  public var cursor: (style: String, x: Int, y: Int) {
    guard let screen = shownScreen else { return ("off", 1, 1) }
    return (screen.cursor, screen.cursorX, screen.cursorY)
  }

  /// The shown screen's backlight request (`open` until the client sets it).
  public var backlight: String { shownScreen?.backlight ?? "open" }

  /// Whether a client is connected.
  public var isConnected: Bool { open && !peerClosed }

  private var shownScreen: Screen? {
    guard isConnected else { return nil }
    let order = ["foreground", "alert", "input", "info", "background", "hidden"]
    var best: Screen?
    var bestRank = order.count
    for screen in screens {
      let rank = order.firstIndex(of: screen.priority) ?? order.count
      if rank < bestRank && screen.priority != "hidden" {
        best = screen
        bestRank = rank
      }
    }
    return best
  }

  private static func strings(_ cells: [UInt8], columns: Int) -> [String] {
    stride(from: 0, to: cells.count, by: columns).map {
      LCDprocText.string(cells[$0..<($0 + columns)])
    }
  }

  // MARK: - What tests and scenarios do to it

  /// LCDd goes away (it stopped or restarted): the client reads the end of
  /// the stream and its sends fail with `EPIPE`; the screens are forgotten.
  public mutating func dropConnection() {
    if open { peerClosed = true }
    greeted = false
    screens = []
    reservedKeys = []
    clientName = nil
    toClient = []
    fromClient = []
  }

  /// Sends `key NAME` as LCDd does when a key the client reserved is
  /// pressed; false (nothing sent) when the client did not reserve it or
  /// none is connected.
  @discardableResult
  public mutating func pressKey(_ name: String) -> Bool {
    guard isConnected, reservedKeys.contains(name) else { return false }
    send("key \(name)")
    return true
  }

  /// Sends any line to the client (`menuevent …`, `ignore t9phone`).
  public mutating func sendLine(_ text: String) {
    guard isConnected else { return }
    send(text)
  }

  // MARK: - SocketSystem

  /// Accepts a connection unless `refusesConnections`.
  public mutating func connect(host: String, port: UInt16) -> Result<Int32, Errno> {
    if refusesConnections { return .failure(.connectionRefused) }
    dropConnection()
    open = true
    peerClosed = false
    descriptor = nextDescriptor
    nextDescriptor += 1
    connections += 1
    return .success(descriptor)
  }

  /// Connections complete at once.
  public mutating func connectionStatus(_ fd: Int32) -> Result<Bool, Errno> {
    guard fd == descriptor, open else { return .failure(.badFileDescriptor) }
    return peerClosed ? .failure(.connectionRefused) : .success(true)
  }

  /// Takes every byte and answers each complete line.
  public mutating func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno> {
    guard fd == descriptor, open else { return .failure(.badFileDescriptor) }
    if peerClosed { return .failure(.brokenPipe) }
    for byte in bytes {
      if byte == 0x0A {
        command(fromClient[...])
        fromClient.removeAll(keepingCapacity: true)
      } else if fromClient.count < lineLimit {
        fromClient.append(byte)
      }
    }
    return .success(bytes.count)
  }

  /// Hands over what LCDd sent; 0 once the connection was dropped.
  public mutating func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    guard fd == descriptor, open else { return .failure(.badFileDescriptor) }
    if peerClosed { return .success(0) }
    guard !toClient.isEmpty else { return .failure(.wouldBlock) }
    let count = min(buffer.count, toClient.count)
    for index in 0..<count { buffer[index] = toClient[index] }
    toClient.removeFirst(count)
    return .success(count)
  }

  /// Readable when something waits or the connection was dropped; always
  /// writable. It never sleeps: the time is the caller's, so a negative
  /// `fd` (waiting for the time alone) is a timeout at once.
  public mutating func wait(_ fd: Int32, writable: Bool, timeoutMilliseconds: Int32) -> Result<
    Bool, Errno
  > {
    if fd < 0 { return .success(false) }
    guard fd == descriptor, open else { return .failure(.badFileDescriptor) }
    return .success(writable || peerClosed || !toClient.isEmpty)
  }

  /// Closes the client's end; LCDd forgets the client's screens.
  public mutating func close(_ fd: Int32) {
    guard fd == descriptor, open else { return }
    dropConnection()
    open = false
    peerClosed = false
  }

  // MARK: - Commands

  private mutating func send(_ line: String) {
    guard toClient.count + line.utf8.count + 1 <= outputLimit else { return }
    toClient.append(contentsOf: line.utf8)
    toClient.append(0x0A)
  }

  private mutating func huh(_ reason: String) {
    errorsAnswered += 1
    send("huh? \(reason)")
  }

  private mutating func command(_ line: ArraySlice<UInt8>) {
    if history.count == historyLimit { history.removeFirst() }
    history.append(LCDprocText.string(line))
    guard let words = LCDprocText.words(line) else {
      huh("Could not parse command")
      return
    }
    guard let first = words.first else { return }
    let name = LCDprocText.string(first[...])
    let arguments = words.dropFirst().map { LCDprocText.string($0[...]) }
    if name == "hello" {
      greeted = true
      send(
        "connect LCDproc 0.5.9 protocol 0.3 lcd wid \(width) hgt \(height) cellwid 5 cellhgt 8")
      return
    }
    guard greeted else {
      huh("Function returned error \"\(name)\"")
      return
    }
    switch name {
    case "client_set": clientSet(arguments)
    case "client_add_key": addKeys(arguments)
    case "screen_add": screenAdd(arguments)
    case "screen_del": screenDelete(arguments)
    case "screen_set": screenSet(arguments)
    case "widget_add": widgetAdd(arguments)
    case "widget_del": widgetDelete(arguments)
    case "widget_set": widgetSet(arguments, words: words)
    case "noop": send("noop complete")
    case "bye": close(descriptor)
    default: huh("Invalid command \"\(name)\"")
    }
  }

  private mutating func clientSet(_ arguments: [String]) {
    guard arguments.count == 2, arguments[0] == "-name" else {
      huh("Function returned error \"client_set\"")
      return
    }
    clientName = arguments[1]
    send("success")
  }

  private mutating func addKeys(_ arguments: [String]) {
    let keys = arguments.filter { $0 != "-exclusively" && $0 != "-shared" }
    guard !keys.isEmpty else {
      huh("Function returned error \"client_add_key\"")
      return
    }
    for key in keys where !reservedKeys.contains(key) { reservedKeys.append(key) }
    send("success")
  }

  private func screenIndex(_ id: String) -> Int? {
    screens.firstIndex { $0.id == id }
  }

  private mutating func screenAdd(_ arguments: [String]) {
    guard arguments.count == 1 else {
      huh("Function returned error \"screen_add\"")
      return
    }
    guard screenIndex(arguments[0]) == nil else {
      huh("Screen already exists")
      return
    }
    screens.append(Screen(id: arguments[0]))
    send("success")
    send("listen \(arguments[0])")
  }

  private mutating func screenDelete(_ arguments: [String]) {
    guard arguments.count == 1, let index = screenIndex(arguments[0]) else {
      huh("Unknown screen id")
      return
    }
    screens.remove(at: index)
    send("success")
  }

  private mutating func screenSet(_ arguments: [String]) {
    guard let id = arguments.first, let index = screenIndex(id) else {
      huh("Unknown screen id")
      return
    }
    var screen = screens[index]
    var position = 1
    while position < arguments.count {
      let option = arguments[position]
      guard position + 1 < arguments.count else {
        huh("Wrong number of arguments")
        return
      }
      let value = arguments[position + 1]
      switch option {
      case "-name", "-duration", "-timeout", "-wid", "-hgt": break
      case "-priority": screen.priority = value
      case "-heartbeat": screen.heartbeat = value
      case "-backlight": screen.backlight = value
      case "-cursor": screen.cursor = value
      case "-cursor_x": screen.cursorX = Int(value) ?? screen.cursorX
      case "-cursor_y": screen.cursorY = Int(value) ?? screen.cursorY
      default:
        huh("Invalid parameter \"\(option)\"")
        return
      }
      position += 2
    }
    screens[index] = screen
    send("success")
  }

  private mutating func widgetAdd(_ arguments: [String]) {
    guard arguments.count >= 3, let index = screenIndex(arguments[0]) else {
      huh(arguments.count >= 3 ? "Invalid screen id" : "Wrong number of arguments")
      return
    }
    guard !screens[index].widgets.contains(where: { $0.id == arguments[1] }) else {
      huh("Error adding widget")
      return
    }
    let types = ["string", "title", "hbar", "vbar", "pbar", "icon", "scroller", "frame", "num"]
    guard types.contains(arguments[2]) else {
      huh("Invalid widget type")
      return
    }
    screens[index].widgets.append(Widget(id: arguments[1], type: arguments[2]))
    send("success")
  }

  private mutating func widgetDelete(_ arguments: [String]) {
    guard arguments.count == 2, let index = screenIndex(arguments[0]),
      let widget = screens[index].widgets.firstIndex(where: { $0.id == arguments[1] })
    else {
      huh("Unknown widget id")
      return
    }
    screens[index].widgets.remove(at: widget)
    send("success")
  }

  private mutating func widgetSet(_ arguments: [String], words: [[UInt8]]) {
    guard arguments.count >= 2, let index = screenIndex(arguments[0]) else {
      huh("Unknown screen id")
      return
    }
    guard let widget = screens[index].widgets.firstIndex(where: { $0.id == arguments[1] }) else {
      huh("Unknown widget id")
      return
    }
    guard screens[index].widgets[widget].type == "string" else {
      send("success")
      return
    }
    guard arguments.count == 5, let x = Int(arguments[2]), let y = Int(arguments[3]) else {
      huh("Wrong number of arguments")
      return
    }
    screens[index].widgets[widget].x = x
    screens[index].widgets[widget].y = y
    screens[index].widgets[widget].text = words[5]
    widgetUpdates += 1
    send("success")
  }
}
