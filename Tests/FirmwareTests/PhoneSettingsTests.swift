import Firmware
import Testing

@Test("emergency numbers: a comma-separated list of 2 to 6 digits each, duplicates once, at most 8")
func phoneSettings_emergencyList() throws {
  #expect(try PhoneSettings.emergencyNumbers(from: "999,000,999").get() == ["999", "000"])
  #expect(try PhoneSettings.emergencyNumbers(from: "118").get() == ["118"])
  for bad in ["", "9", "1234567", "99a", "999,", "+999"] {
    #expect(throws: EmergencyListError.self, "\(bad)") {
      try PhoneSettings.emergencyNumbers(from: bad).get()
    }
  }
  let nine = (10...18).map(String.init).joined(separator: ",")
  #expect(throws: EmergencyListError.self) { try PhoneSettings.emergencyNumbers(from: nine).get() }
  var settings = PhoneSettings()
  settings.emergencyNumbers = ["999"]
  #expect(
    settings.isEmergency("999") && settings.isEmergency("112") && !settings.isEmergency("998"))
}
