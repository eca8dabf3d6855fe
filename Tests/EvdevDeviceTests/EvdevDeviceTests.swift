import Testing

@testable import EvdevDevice

@Test("the shims are linked")
func evdevDevice_shimsLinked() {
  #expect(EvdevDevice.shimsVersion == 1)
}
