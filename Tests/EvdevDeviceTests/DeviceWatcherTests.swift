import InputTestSupport
import Testing

@testable import EvdevDevice

@Test("the watcher watches /dev/input for creation and permission changes")
func deviceWatcher_watchMask() throws {
  let system = FakeInputSystem()
  var watcher = try DeviceWatcher(system: system)
  #expect(system.watches.map(\.path) == ["/dev/input"])
  let mask = try #require(system.watches.first?.mask)
  #expect(mask & 0x100 != 0)  // IN_CREATE
  #expect(mask & 0x004 != 0)  // IN_ATTRIB
  #expect(try watcher.wait(timeoutMilliseconds: 0) == [])
  watcher.close()
  #expect(system.openDescriptors.isEmpty)
}

@Test("a created event device is reported once, with udev's symlink, not mice")
func deviceWatcher_reportsCreatedDevice() throws {
  let system = FakeInputSystem()
  var watcher = try DeviceWatcher(system: system)
  system.inotifyReports = [
    DirectoryChanges(names: ["event12", "mouse1", "t9keypad", "event5", "event12", "by-id"])
  ]
  #expect(
    try watcher.wait(timeoutMilliseconds: 100) == [
      "/dev/input/event5", "/dev/input/event12", "/dev/input/t9keypad",
    ])
  #expect(try watcher.wait(timeoutMilliseconds: 0) == [])
}

@Test("after lost notifications every event device is reported")
func deviceWatcher_overflow() throws {
  let system = FakeInputSystem()
  system.directories["/dev/input"] = ["event3", "mouse0", "event1"]
  var watcher = try DeviceWatcher(system: system)
  system.inotifyReports = [DirectoryChanges(overflowed: true)]
  #expect(try watcher.wait(timeoutMilliseconds: 0) == ["/dev/input/event1", "/dev/input/event3"])
}

@Test("a /dev/input that is missing or goes away is watched again when it comes back")
func deviceWatcher_directoryComesBack() throws {
  let system = FakeInputSystem()
  system.addWatchErrors = [.noSuchFile, .noSuchFile]
  var watcher = try DeviceWatcher(system: system)
  #expect(system.watches.isEmpty)
  #expect(try watcher.wait(timeoutMilliseconds: 0) == [])
  system.directories["/dev/input"] = ["event4"]
  #expect(try watcher.wait(timeoutMilliseconds: 0) == ["/dev/input/event4"])
  #expect(system.watches.count == 1)

  system.inotifyReports = [DirectoryChanges(watchRemoved: true)]
  system.addWatchErrors = [.noSuchFile]
  #expect(try watcher.wait(timeoutMilliseconds: 0) == [])
  #expect(try watcher.wait(timeoutMilliseconds: 0) == ["/dev/input/event4"])
  #expect(system.watches.count == 2)
}

@Test("a watch that cannot be added for another reason is an error, and nothing stays open")
func deviceWatcher_addWatchFails() {
  let system = FakeInputSystem()
  system.addWatchErrors = [.accessDenied]
  #expect(
    throws: InputError.system(call: "inotify_add_watch", path: "/dev/input", errno: .accessDenied)
  ) {
    try DeviceWatcher(system: system)
  }
  #expect(system.openDescriptors.isEmpty)
}
