import EvdevInput
import Glibc
import InputTestSupport
import SystemLayer
import Testing

@testable import EvdevDevice

private let kp5: UInt16 = 76
private let kp6: UInt16 = 77
private let keyA: UInt16 = 30
private let keypadCodes: [UInt16] = [71, 72, 73, 75, 76, 77, 79, 80, 81, 82]

private func key(_ code: UInt16, _ value: Int32, at seconds: Int64 = 1) -> InputEvent {
  InputEvent(seconds: seconds, microseconds: 0, type: InputEvent.key, code: code, value: value)
}

private let report = InputEvent(
  seconds: 1, microseconds: 0, type: InputEvent.synchronization, code: InputEvent.report, value: 0)

private func system(keypad steps: [FakeInputSystem.Step] = []) -> FakeInputSystem {
  let system = FakeInputSystem()
  system.devices["/dev/input/event3"] = .init(
    name: "USB Keypad", keys: Set(keypadCodes), queue: steps)
  return system
}

/// Reads everything available and returns it, or the error thrown.
private func drain(_ device: inout KeypadDevice<FakeInputSystem>) -> ([InputEvent], InputError?) {
  var events: [InputEvent] = []
  do {
    try device.read { events.append($0) }
    return (events, nil)
  } catch {
    return (events, error)
  }
}

@Test("a device the user may not read is refused with how to fix it")
func keypadDevice_permissionDenied() throws {
  for errno in [Errno.accessDenied, .notPermitted] {
    let system = system()
    system.devices["/dev/input/event3"]?.openError = errno
    #expect(throws: InputError.permissionDenied(path: "/dev/input/event3")) {
      try KeypadDevice.open(path: "/dev/input/event3", codes: keypadCodes, system: system)
    }
    let message = InputError.permissionDenied(path: "/dev/input/event3").message
    #expect(message.contains("/dev/input/event3"))
    #expect(message.contains("sudo usermod -aG input $USER"))
    #expect(message.contains("docs/deploy.md"))
  }
}

@Test("a missing device is reported as such, other errors name the call and errno text")
func keypadDevice_missingDevice() {
  let system = system()
  #expect(throws: InputError.noSuchDevice(path: "/dev/input/event9")) {
    try KeypadDevice.open(path: "/dev/input/event9", codes: keypadCodes, system: system)
  }
  system.devices["/dev/input/event3"]?.openError = Errno(EMFILE)
  #expect(throws: InputError.system(call: "open", path: "/dev/input/event3", errno: Errno(EMFILE)))
  {
    try KeypadDevice.open(path: "/dev/input/event3", codes: keypadCodes, system: system)
  }
  let message = InputError.system(call: "open", path: "/dev/input/event3", errno: Errno(EMFILE))
    .message
  #expect(message == "open failed for /dev/input/event3: EMFILE (Too many open files)")
}

@Test("a device without any of the keymap's keys is refused, naming it, and nothing is left open")
func keypadDevice_notAKeypad() {
  let system = FakeInputSystem()
  system.devices["/dev/input/event0"] = .init(name: "AT Translated Set 2 keyboard", keys: [keyA])
  let expected = InputError.notAKeypad(
    path: "/dev/input/event0", name: "AT Translated Set 2 keyboard")
  #expect(throws: expected) {
    try KeypadDevice.open(path: "/dev/input/event0", codes: keypadCodes, system: system)
  }
  #expect(expected.message.contains("/dev/input/event0"))
  #expect(expected.message.contains("AT Translated Set 2 keyboard"))
  #expect(system.openDescriptors.isEmpty)
  #expect(system.liveHandles.isEmpty)
  #expect(system.grabs.isEmpty)
}

@Test("open is non-blocking, close-on-exec, monotonic and grabbed; close ungrabs and closes")
func keypadDevice_grabsByDefault() throws {
  let system = system()
  var device = try KeypadDevice.open(path: "/dev/input/event3", codes: [kp5], system: system)
  #expect(device.name == "USB Keypad")
  #expect(device.path == "/dev/input/event3")
  #expect(device.isGrabbed)
  let flags = try #require(system.openFlags.last)
  #expect(flags & O_ACCMODE == O_RDONLY)
  #expect(flags & O_NONBLOCK != 0)
  #expect(flags & O_CLOEXEC != 0)
  #expect(system.monotonicHandles == [device.fileDescriptor])
  #expect(system.grabs.map(\.on) == [true])
  #expect(system.grabs.map(\.fd) == [device.fileDescriptor])
  device.close()
  device.close()
  #expect(system.grabs.map(\.on) == [true, false])
  #expect(system.openDescriptors.isEmpty)
  #expect(system.liveHandles.isEmpty)
}

@Test("grab: false leaves the device ungrabbed")
func keypadDevice_noGrab() throws {
  let system = system()
  var device = try KeypadDevice.open(
    path: "/dev/input/event3", codes: [kp5], grab: false, system: system)
  #expect(!device.isGrabbed)
  device.close()
  #expect(system.grabs.isEmpty)
  #expect(system.openDescriptors.isEmpty)
}

@Test("a device grabbed by another program is refused as busy, and closed")
func keypadDevice_busy() {
  let system = system()
  system.devices["/dev/input/event3"]?.grabError = .busy
  #expect(throws: InputError.busy(path: "/dev/input/event3")) {
    try KeypadDevice.open(path: "/dev/input/event3", codes: keypadCodes, system: system)
  }
  #expect(system.openDescriptors.isEmpty)
  #expect(system.liveHandles.isEmpty)
}

@Test("autorepeats (value 2) are passed through in order")
func keypadDevice_autorepeat() throws {
  let system = system(keypad: [
    .event(key(kp5, 1)), .event(report), .event(key(kp5, 2)), .event(report),
    .event(key(kp5, 2)), .event(report), .event(key(kp5, 0)), .event(report),
  ])
  var device = try KeypadDevice.open(path: "/dev/input/event3", codes: [kp5], system: system)
  #expect(try device.wait(timeoutMilliseconds: 0))
  let (events, error) = drain(&device)
  #expect(error == nil)
  #expect(events.filter { $0.type == InputEvent.key }.map(\.value) == [1, 2, 2, 0])
  #expect(events.count == 8)
  #expect(try !device.wait(timeoutMilliseconds: 0))
}

@Test("after SYN_DROPPED the synthesised release is delivered and normal reading resumes")
func keypadDevice_synDropped() throws {
  let system = system(keypad: [
    .event(key(kp5, 1)), .event(report),
    .dropped(sync: [key(kp5, 0, at: 2), report]),
    .event(key(kp6, 1, at: 3)), .event(report),
  ])
  var device = try KeypadDevice.open(path: "/dev/input/event3", codes: keypadCodes, system: system)
  let (events, error) = drain(&device)
  #expect(error == nil)
  let keys = events.filter { $0.type == InputEvent.key }.map { [Int($0.code), Int($0.value)] }
  #expect(keys == [[76, 1], [76, 0], [77, 1]])
  #expect(
    events.contains { $0.type == InputEvent.synchronization && $0.code == InputEvent.dropped })
  var held = Set<UInt16>()
  for event in events where event.type == InputEvent.key {
    if event.value == 0 { held.remove(event.code) } else { held.insert(event.code) }
  }
  #expect(held == [kp6])
  // The device's own key state agrees, and the resync is counted.
  #expect(device.isDown(code: kp6))
  #expect(!device.isDown(code: kp5))
  #expect(device.resyncs == 1)
  // normal until the drop, sync until libevdev has nothing more (-EAGAIN), normal again
  #expect(
    system.readModes == [
      .normal, .normal, .normal, .sync, .sync, .sync, .normal, .normal, .normal,
    ])
}

@Test("ENODEV while reading is an unplug, after the events read before it")
func keypadDevice_unplugged() throws {
  let system = system(keypad: [.event(key(kp5, 1)), .event(report), .error(ENODEV)])
  var device = try KeypadDevice.open(path: "/dev/input/event3", codes: [kp5], system: system)
  let (events, error) = drain(&device)
  #expect(events == [key(kp5, 1), report])
  #expect(error == .unplugged(path: "/dev/input/event3"))
  #expect(error?.message == "/dev/input/event3 was unplugged")
  device.close()
  #expect(system.openDescriptors.isEmpty)
}

@Test("another read error names libevdev_next_event and the errno")
func keypadDevice_readError() throws {
  let system = system(keypad: [.error(EIO)])
  var device = try KeypadDevice.open(path: "/dev/input/event3", codes: [kp5], system: system)
  let (_, error) = drain(&device)
  #expect(
    error == .system(call: "libevdev_next_event", path: "/dev/input/event3", errno: Errno(EIO)))
  #expect(error?.message.contains("Input/output error") == true)
}

@Test("reading a closed device throws instead of touching freed memory")
func keypadDevice_readAfterClose() throws {
  let system = system(keypad: [.event(key(kp5, 1))])
  var device = try KeypadDevice.open(path: "/dev/input/event3", codes: [kp5], system: system)
  device.close()
  let (events, error) = drain(&device)
  #expect(events.isEmpty)
  #expect(error != nil)
  #expect(system.readModes.isEmpty)
}

@Test("find picks the first device with a keymap key by number: event2 before event10")
func keypadDevice_find() {
  let system = FakeInputSystem()
  system.directories["/dev/input"] = ["by-id", "event10", "mouse0", "event2", "event1", "eventX"]
  system.devices["/dev/input/event1"] = .init(name: "Power Button", keys: [116])
  system.devices["/dev/input/event2"] = .init(name: "Keypad A", keys: [kp5])
  system.devices["/dev/input/event10"] = .init(name: "Keypad B", keys: [kp5])
  #expect(KeypadDevice.find(codes: keypadCodes, system: system) == "/dev/input/event2")
  #expect(system.openDescriptors.isEmpty)
  #expect(system.liveHandles.isEmpty)
  #expect(system.grabs.isEmpty)

  system.devices["/dev/input/event2"]?.openError = .accessDenied
  #expect(KeypadDevice.find(codes: keypadCodes, system: system) == "/dev/input/event10")
  #expect(KeypadDevice.find(codes: [keyA], system: system) == nil)
  #expect(system.openDescriptors.isEmpty)
}

@Test("an open device reports its ids and every key it has, for a recording's I: and B: lines")
func keypadDevice_identityAndKeys() throws {
  var device = try KeypadDevice.open(
    path: "/dev/input/event3", codes: keypadCodes, system: system())
  defer { device.close() }
  #expect(
    device.identity == DeviceIdentity(busType: 3, vendor: 0x1234, product: 0x5678, version: 0x0111))
  #expect(device.keyCodes == keypadCodes.sorted())
}
