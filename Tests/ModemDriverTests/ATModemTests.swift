import Diagnostics
import ModemDriver
import SMS
import SimulatedPeers
import Testing
import Vocabulary

@Test(
  "set-up: echo off, verbose errors, PDU mode, SIM storage, +CMTI announcements, then the SIM is listed"
)
func setUpSequence() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  #expect(bench.modem.phase == .ready)
  #expect(
    bench.network.commands == [
      "AT", "ATE0", "AT+CMEE=2", "AT+CPIN?", "AT+CMGF=0", "AT+CPMS=\"SM\",\"SM\",\"SM\"",
      "AT+CNMI=2,1,0,1,0", "AT+CLIP=1", "AT+CREG=1", "AT+CMGL=4", "AT+CSQ", "AT+CREG?",
      "AT+COPS?", "AT+CBC", "AT+CCLK?",
    ])
  #expect(messaging(bench.events) == [.ready])
  #expect(!bench.modem.health.isFailing)
}

@Test("a delivered message is read, handed over, and deleted only once the phone has it")
func receiveThenDelete() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  bench.network.deliver(from: "+6281234567", text: "Halo, apa kabar?")
  var got: [String] = []
  bench.run(seconds: 1) { fields, text in
    got.append("\(fields.address.text): \(text)")
    return false
  }
  #expect(got == ["+6281234567: Halo, apa kabar?"])
  #expect(bench.network.commands.suffix(2) == ["AT+CMGR=1", "AT+CMGD=1"])
  #expect(bench.network.storedCount == 0)
}

@Test("a message the phone has no room for stays on the SIM and is read again after a rescan")
func keptOnTheModem() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  bench.network.deliver(from: "BNI", text: "Saldo Anda")
  var seen = 0
  bench.run(seconds: 1) { _, _ in
    seen += 1
    return true
  }
  #expect(seen == 1)
  #expect(bench.network.storedCount == 1)
  #expect(!bench.network.commands.contains { $0.hasPrefix("AT+CMGD") })
  bench.modem.rescan()
  bench.run(seconds: 1) { fields, text in
    seen += 1
    #expect(fields.address.text == "BNI")
    #expect(text == "Saldo Anda")
    return false
  }
  #expect(seen == 2)
  #expect(bench.network.storedCount == 0)
}

@Test("messages already on the SIM at start are listed and read")
func storedBeforeStart() {
  var network = SimulatedNetwork()
  network.deliver(from: "+15551234", text: "one")
  network.deliver(from: "+15551234", text: "two")
  var bench = ModemBench(network: network)
  var texts: [String] = []
  bench.run(seconds: 2) { _, text in
    texts.append(text)
    return false
  }
  #expect(texts == ["one", "two"])
  #expect(bench.network.storedCount == 0)
}

@Test(
  "a part goes out with AT+CMGS, its PDU after the prompt, and the network reassembles the message")
func sendAMessage() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  let long = String(repeating: "Long message. ", count: 15)
  #expect(bench.send(long, to: "+6281234").count == 2)
  #expect(bench.network.sent == [.init(to: "+6281234", text: long)])
  #expect(bench.events.filter { if case .sent = $0 { true } else { false } }.count == 2)
}

@Test("a network that refuses gives +CMS ERROR 38, a failure worth retrying")
func refusedSend() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  bench.network.refusesSends = true
  let outcome = bench.send("hi", to: "123")
  #expect(outcome == [.notSent(.messageService(38))])
  #expect(ModemFailure.messageService(38).isTemporary)
  #expect(!ModemFailure.messageService(1).isTemporary)
  bench.network.refusesSends = false
  #expect(bench.send("hi", to: "123") == [.sent(reference: 1)])
}

@Test("a modem that restarts is noticed by its RDY and set up again, and logged once")
func modemRestart() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  bench.network.apply(.reset)
  bench.run(seconds: 1)
  #expect(bench.modem.modemResets == 1)
  #expect(bench.modem.phase == .ready)
  #expect(messaging(bench.events) == [.ready, .unavailable, .ready])
  #expect(bench.network.commands.filter { $0 == "AT+CMGF=0" }.count == 2)
  #expect(bench.logs.records.filter { $0.line.contains("restarted") }.count == 1)
  #expect(bench.logs.contains("[modem]"))
}

@Test("a restart mid-send interrupts the part; sent again, it goes out once")
func restartMidSend() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  bench.network.apply(.resetOnNextSend)
  #expect(bench.send("brown-out", to: "+1555") == [.notSent(.interrupted)])
  #expect(bench.network.sent.isEmpty)
  bench.run(seconds: 1)
  #expect(bench.modem.phase == .ready)
  #expect(bench.send("brown-out", to: "+1555") == [.sent(reference: 1)])
  #expect(bench.network.sent == [.init(to: "+1555", text: "brown-out")])
}

@Test("a silent modem: the part times out, probes fail, the phone is told once, and it comes back")
func silentModem() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  bench.network.apply(.silent(until: bench.now + .seconds(30)))
  #expect(bench.send("anyone?", to: "123", seconds: 6) == [.notSent(.timeout)])
  bench.run(seconds: 10)
  #expect(bench.modem.phase == .silent)
  #expect(bench.modem.health.isFailing)
  #expect(bench.modem.commandTimeouts >= 4)
  bench.run(seconds: 20)
  #expect(bench.modem.phase == .ready)
  #expect(!bench.modem.health.isFailing)
  #expect(bench.logs.records.filter { $0.line.contains("does not answer") }.count == 1)
  #expect(bench.logs.contains("answers again"))
  #expect(bench.events.suffix(2) == [.unavailable, .ready])
}

@Test("a line that goes away is opened again; what arrived meanwhile is read from the SIM")
func lineGoneAndBack() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  bench.network.apply(.gone(until: bench.now + .seconds(5)))
  bench.network.deliver(from: "+6281", text: "while you were out")
  var texts: [String] = []
  bench.run(seconds: 2) { _, text in
    texts.append(text)
    return false
  }
  #expect(bench.modem.phase == .closed)
  #expect(bench.modem.health.isFailing)
  #expect(texts.isEmpty)
  bench.run(seconds: 12) { _, text in
    texts.append(text)
    return false
  }
  #expect(bench.modem.phase == .ready)
  #expect(texts == ["while you were out"])
  #expect(bench.modem.lineLosses == 1)
  #expect(bench.logs.records.filter { $0.line.contains("went away") }.count == 1)
  #expect(bench.logs.records.filter { $0.line.contains("cannot open") }.isEmpty)
  #expect(bench.network.storedCount == 0)
}
