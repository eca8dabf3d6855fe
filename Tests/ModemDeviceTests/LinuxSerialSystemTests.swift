#if os(Linux)
  import Glibc
  import ModemDevice
  import ModemDriver
  import SystemLayer
  import Testing
  import Vocabulary

  /// A pseudo-terminal pair: the test holds the master end as the modem,
  /// the system under test opens the slave's path as its serial line.
  struct PseudoTerminal: ~Copyable {
    let master: Int32
    let path: String

    init() throws {
      // /dev/ptmx, then unlock the slave (TIOCSPTLCK) and ask its number
      // (TIOCGPTN): what posix_openpt, unlockpt and ptsname do.
      master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_NONBLOCK)
      try #require(master >= 0)
      var unlock: Int32 = 0
      try #require(ioctl(master, UInt(0x4004_5431), &unlock) == 0)
      var number: UInt32 = 0
      try #require(ioctl(master, UInt(0x8004_5430), &number) == 0)
      path = "/dev/pts/\(number)"
    }

    deinit { close(master) }

    /// Writes `text` as the modem.
    func say(_ text: String) {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// What the phone wrote, waiting up to `milliseconds` for it.
    func heard(within milliseconds: Int = 500) -> String {
      var result: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 256)
      for _ in 0..<(milliseconds / 10) {
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 { result += buffer[0..<count] } else if !result.isEmpty { break }
        usleep(10_000)
      }
      return String(decoding: result, as: UTF8.self)
    }
  }

  @Test("the serial line is raw: CR and LF pass as they are, both ways, and reads never block")
  func serialLineIsRaw() throws {
    let terminal = try PseudoTerminal()
    let system = LinuxSerialSystem()
    let fd = try system.open(terminal.path, baud: 115_200).get()
    defer { system.close(fd) }
    var buffer = [UInt8](repeating: 0, count: 64)
    #expect(try system.read(fd, into: &buffer).get() == 0, "nothing waiting reads as 0 bytes")
    _ = system.write(fd, Array("AT\r".utf8)[...])
    #expect(terminal.heard() == "AT\r")
    terminal.say("\r\nOK\r\n")
    usleep(50_000)
    let count = try system.read(fd, into: &buffer).get()
    #expect(String(decoding: buffer[0..<count], as: UTF8.self) == "\r\nOK\r\n")
  }

  @Test("a speed the table does not have is EINVAL; a missing tty is ENOENT")
  func serialLineRefusals() {
    let system = LinuxSerialSystem()
    #expect(throws: Errno.invalidArgument) { try system.open("/dev/null", baud: 1234).get() }
    #expect(throws: Errno.noSuchFile) {
      try system.open("/dev/ttyNOTHERE", baud: 115_200).get()
    }
  }

  @Test("the AT driver sets a modem up over a real tty: each command as the modem sees it")
  func driverOverAPseudoTerminal() throws {
    let terminal = try PseudoTerminal()
    var modem = ATModem(path: terminal.path, system: LinuxSerialSystem(), log: .disabled)
    var now = Instant.zero
    var heard: [String] = []
    for _ in 0..<12 {
      modem.service(at: now)
      let command = terminal.heard()
      guard !command.isEmpty else { break }
      heard.append(command)
      terminal.say("\r\nOK\r\n")
      usleep(20_000)
      now = now + .milliseconds(10)
      modem.service(at: now)
    }
    #expect(
      heard == [
        "AT\r", "ATE0\r", "AT+CMEE=2\r", "AT+CPIN?\r", "AT+CMGF=0\r",
        "AT+CPMS=\"SM\",\"SM\",\"SM\"\r", "AT+CNMI=2,1,0,1,0\r", "AT+CLIP=1\r", "AT+CREG=1\r",
        "AT+CMGL=4\r", "AT+CSQ\r", "AT+CREG?\r",
      ])
    #expect(modem.phase == .ready)
    modem.close()
  }

  @Test("a hung-up line reads as its end: the driver closes it at once and will open it again")
  func hangUpIsALostLine() throws {
    var modem: ATModem<LinuxSerialSystem>
    do {
      let terminal = try PseudoTerminal()
      modem = ATModem(path: terminal.path, system: LinuxSerialSystem(), log: .disabled)
      modem.service(at: .zero)
      #expect(terminal.heard() == "AT\r")
    }
    // The master end is closed: the next read ends the line, long before
    // the probe's timeout.
    modem.service(at: .zero + .milliseconds(10))
    #expect(modem.phase == .closed)
    #expect(modem.lineLosses == 1)
    #expect(modem.nextDeadline != nil, "it will try to open the line again")
  }

  @Test("an open line with nothing on it reads as 0 bytes, not as its end")
  func quietLineIsNotAnEnd() throws {
    let terminal = try PseudoTerminal()
    let system = LinuxSerialSystem()
    let fd = try system.open(terminal.path, baud: 115_200).get()
    defer { system.close(fd) }
    var buffer = [UInt8](repeating: 0, count: 16)
    for _ in 0..<3 {
      #expect(try system.read(fd, into: &buffer).get() == 0)
      usleep(5_000)
    }
  }
#endif
