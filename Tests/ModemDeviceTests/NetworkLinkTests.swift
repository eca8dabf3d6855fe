#if os(Linux)
  import Glibc
  import ModemDevice
  import ModemDriver
  import SMS
  import SimulatedPeers
  import Testing
  import Vocabulary

  /// Services the driver and the link on a shared clock, `step` apart,
  /// sleeping a little each turn so the tty carries the bytes; stops when
  /// `done` says so.
  private func run(
    _ modem: inout ATModem<LinuxSerialSystem>, _ link: inout NetworkLink<LinuxSerialSystem>,
    from start: Instant, turns: Int, step: Duration = .milliseconds(50),
    until done: (inout ATModem<LinuxSerialSystem>) -> Bool
  ) throws -> Instant {
    var now = start
    for _ in 0..<turns {
      modem.service(at: now)
      _ = try link.pump(at: now).get()
      usleep(2_000)
      _ = try link.pump(at: now).get()
      usleep(2_000)
      modem.service(at: now)
      if done(&modem) { return now }
      now = now + step
    }
    Issue.record("not done after \(turns) turns")
    return now
  }

  @Test("the simulated network serves a real tty: the driver sets it up and a part goes out")
  func networkOverAPseudoTerminal() throws {
    let terminal = try PseudoTerminal()
    var link = NetworkLink(
      network: SimulatedNetwork(), line: LinuxSerialSystem(), fd: terminal.master)
    var modem = ATModem(path: terminal.path, system: LinuxSerialSystem(), log: .disabled)
    defer { modem.close() }
    var now = try run(&modem, &link, from: .zero, turns: 200) { $0.phase == .ready }
    #expect(link.network.commands.contains("AT+CMGF=0"))

    let encoder = SubmitEncoder(
      recipient: try #require(PhoneAddress(number: "5551234")), requestsStatusReport: false,
      reference: 0)
    let parts = try encoder.encode(Array("Hello over a tty".unicodeScalars))
    #expect(modem.send(try #require(parts.first)))
    var events: [ModemEvent] = []
    now = try run(&modem, &link, from: now, turns: 200) { modem in
      while let event = modem.nextEvent() { events.append(event) }
      return events.contains { if case .sent = $0 { true } else { false } }
    }
    #expect(
      link.network.sent == [SimulatedNetwork.SentMessage(to: "5551234", text: "Hello over a tty")])

    // A message from the network arrives through the tty.
    let delivered = link.network.deliver(from: "+6281234567", text: "Halo")
    #expect(delivered)
    events.removeAll()
    _ = try run(&modem, &link, from: now, turns: 200) { modem in
      while let event = modem.nextEvent() { events.append(event) }
      return events.contains(.received)
    }
    var text: [Unicode.Scalar] = []
    let message = try PDUDecoder.decode(modem.receivedPDU, text: &text)
    #expect(String(String.UnicodeScalarView(text)) == "Halo")
    #expect(message.address == PhoneAddress(number: "+6281234567"))
  }
#endif
