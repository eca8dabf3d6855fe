#if os(Linux)
  import CEvdev
  import CLinux
  import EvdevInput
  import Glibc
  import SystemLayer
  import Testing

  @testable import EvdevDevice

  /// A fresh directory under /tmp, removed by the caller with `removeTree`.
  private func temporaryDirectory() throws -> String {
    var template = Array("/tmp/t9phone-evdev-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    return try #require(made)
  }

  private func createFile(_ path: String) {
    let fd = open(path, O_CREAT | O_WRONLY, 0o600)
    if fd >= 0 { close(fd) }
  }

  private func removeTree(_ directory: String, _ names: [String]) {
    for name in names { unlink(directory + "/" + name) }
    rmdir(directory)
  }

  @Test("the real system reports a missing node as no such device")
  func linuxInputSystem_missing() {
    #expect(throws: InputError.noSuchDevice(path: "/nonexistent/event0")) {
      try KeypadDevice.open(path: "/nonexistent/event0", codes: [76])
    }
  }

  @Test("the real system refuses a file that is not an input device, and closes it")
  func linuxInputSystem_notAnInputDevice() {
    #expect(throws: InputError.notAnInputDevice(path: "/dev/null")) {
      try KeypadDevice.open(path: "/dev/null", codes: [76])
    }
  }

  @Test("the real find skips event files that are not input devices")
  func linuxInputSystem_findSkipsNonDevices() throws {
    let directory = try temporaryDirectory()
    defer { removeTree(directory, ["event0", "event1"]) }
    createFile(directory + "/event0")
    createFile(directory + "/event1")
    let names = try LinuxInputSystem().listDirectory(directory).get()
    #expect(names.sorted() == ["event0", "event1"])
    #expect(KeypadDevice.find(codes: [76], in: directory, system: LinuxInputSystem()) == nil)
  }

  @Test("the real watcher reports an event node created in the watched directory")
  func linuxInputSystem_watcherSeesCreation() throws {
    let directory = try temporaryDirectory()
    defer { removeTree(directory, ["event7", "mouse2"]) }
    var watcher = try DeviceWatcher(directory: directory, system: LinuxInputSystem())
    defer { watcher.close() }
    #expect(try watcher.wait(timeoutMilliseconds: 0) == [])
    createFile(directory + "/mouse2")
    createFile(directory + "/event7")
    #expect(try watcher.wait(timeoutMilliseconds: 1000) == [directory + "/event7"])
    chmod(directory + "/event7", 0o660)
    #expect(try watcher.wait(timeoutMilliseconds: 1000) == [directory + "/event7"])
  }

  @Test("the real grab shim reports an ioctl failure as an errno")
  func linuxInputSystem_grabShim() throws {
    let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
    try #require(fd >= 0)
    defer { close(fd) }
    let result = LinuxInputSystem().grab(fd, true)
    #expect(throws: Errno.notATypewriter) { try result.get() }
  }

  @Test("event timestamps are read through the C accessors")
  func linuxInputSystem_timestampAccessors() {
    var raw = input_event()
    raw.time.tv_sec = 1_700_000_123
    raw.time.tv_usec = 456_789
    #expect(t9_event_seconds(&raw) == 1_700_000_123)
    #expect(t9_event_microseconds(&raw) == 456_789)
  }
#endif
