import EvdevInput
import Glibc
import InputTestSupport
import Testing

@testable import EvdevDevice

private let kp5: UInt16 = 76
private let codes: [UInt16] = [71, 72, 73, 75, 76, 77, 79, 80, 81, 82]

private func press(_ code: UInt16, _ value: Int32) -> FakeInputSystem.Step {
  .event(InputEvent(seconds: 1, microseconds: 0, type: InputEvent.key, code: code, value: value))
}

/// A system with a keyboard-less mouse at event2 and a keypad at event5.
private func system(keypad steps: [FakeInputSystem.Step] = []) -> FakeInputSystem {
  let system = FakeInputSystem()
  system.directories["/dev/input"] = ["mouse0", "event2", "event5"]
  system.devices["/dev/input/event2"] = .init(name: "Mouse", keys: [272])
  system.devices["/dev/input/event5"] = .init(name: "USB Keypad", keys: Set(codes), queue: steps)
  return system
}

/// Polls until nothing changes and nothing is left to read.
private func pollAll(_ connection: inout KeypadConnection<FakeInputSystem>)
  -> ([Int32], [KeypadConnection<FakeInputSystem>.Change])
{
  var values: [Int32] = []
  var changes: [KeypadConnection<FakeInputSystem>.Change] = []
  for _ in 0..<10 {
    if let change = connection.poll(timeoutMilliseconds: 0, { values.append($0.value) }) {
      changes.append(change)
    }
  }
  return (values, changes)
}

@Test("auto opens the first device with the keymap's keys and reads it")
func keypadConnection_auto() throws {
  let system = system(keypad: [press(kp5, 1), press(kp5, 0)])
  var connection = KeypadConnection(input: "auto", codes: codes, system: system)
  #expect(try connection.open() == .connected(path: "/dev/input/event5", name: "USB Keypad"))
  let (values, changes) = pollAll(&connection)
  #expect(values == [1, 0])
  #expect(changes.isEmpty)
}

@Test("with no keypad at all, auto is refused at start-up instead of waiting silently")
func keypadConnection_noKeypad() {
  let system = system()
  system.devices["/dev/input/event5"] = nil
  system.directories["/dev/input"] = ["event2"]
  var connection = KeypadConnection(input: "auto", codes: codes, system: system)
  #expect(throws: InputError.noSuchDevice(path: "/dev/input")) { try connection.open() }
}

@Test("an unplug releases the device, watches /dev/input, and reconnects when it is back")
func keypadConnection_unplugAndBack() throws {
  let system = system(keypad: [press(kp5, 1), .error(ENODEV)])
  var connection = KeypadConnection(
    input: "/dev/input/event5", codes: codes, system: system)
  _ = try connection.open()
  var (values, changes) = pollAll(&connection)
  #expect(values == [1])
  #expect(changes == [.disconnected(.unplugged(path: "/dev/input/event5"))])
  #expect(connection.device == nil)
  // The grab is released and only the inotify descriptor stays open.
  #expect(system.grabs.last?.on == false)
  #expect(system.openDescriptors == [system.inotifyDescriptor])
  #expect(system.watches.map(\.path) == ["/dev/input"])
  // Nothing appears: still disconnected, nothing reopened.
  let opens = system.openFlags.count
  (values, changes) = pollAll(&connection)
  #expect(changes.isEmpty && system.openFlags.count == opens)
  // The node comes back, but udev has not set its permissions yet: not yet.
  system.devices["/dev/input/event5"] = .init(
    name: "USB Keypad", keys: Set(codes), openError: .accessDenied, queue: [])
  system.inotifyReports = [DirectoryChanges(names: ["event5"])]
  (values, changes) = pollAll(&connection)
  #expect(changes.isEmpty)
  // Permissions set (IN_ATTRIB): connected again, reading and grabbing.
  system.devices["/dev/input/event5"]?.openError = nil
  system.devices["/dev/input/event5"]?.queue = [press(kp5, 1), press(kp5, 0)]
  system.inotifyReports = [DirectoryChanges(names: ["event5"])]
  (values, changes) = pollAll(&connection)
  #expect(changes == [.connected(path: "/dev/input/event5", name: "USB Keypad")])
  #expect(values == [1, 0])
  #expect(system.grabs.last?.on == true)
  // The watch is closed once the keypad is back.
  #expect(!system.openDescriptors.contains(system.inotifyDescriptor))
  connection.close()
  #expect(system.openDescriptors.isEmpty)
}

@Test("after an unplug, auto takes whichever keypad appears, not only the old node")
func keypadConnection_autoReconnectsAnotherNode() throws {
  let system = system(keypad: [.error(ENODEV)])
  var connection = KeypadConnection(input: "auto", codes: codes, system: system)
  _ = try connection.open()
  _ = pollAll(&connection)
  system.devices["/dev/input/event5"] = nil
  system.devices["/dev/input/event7"] = .init(name: "Other Keypad", keys: Set(codes))
  system.directories["/dev/input"] = ["event2", "event7"]
  system.inotifyReports = [DirectoryChanges(names: ["event7"])]
  let (_, changes) = pollAll(&connection)
  #expect(changes == [.connected(path: "/dev/input/event7", name: "Other Keypad")])
}
