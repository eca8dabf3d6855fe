import CharacterLCD
import DisplayDriver
import Testing

private func spec(_ text: String) -> DisplaySpec? {
  try? DisplaySpec.parse(text).get()
}

private func message(_ text: String) -> String {
  switch DisplaySpec.parse(text) {
  case .success: ""
  case .failure(let error): error.description
  }
}

@Test("--display names the terminal, text, none, an I2C backpack or LCDd")
func displaySpec_forms() {
  #expect(spec("terminal") == .terminal)
  #expect(spec("text") == .text)
  #expect(spec("none") == DisplaySpec.none)
  #expect(
    spec("i2c:/dev/i2c-1@0x27")
      == .i2c(I2CDisplaySettings(path: "/dev/i2c-1", address: 0x27, wiring: .backpack)))
  #expect(
    spec("i2c:/dev/i2c-0@0x3f,wiring=lcdproc")
      == .i2c(I2CDisplaySettings(path: "/dev/i2c-0", address: 0x3F, wiring: .lcdproc)))
  #expect(spec("i2c:/dev/i2c-1@39") == spec("i2c:/dev/i2c-1@0x27"))
  #expect(spec("lcdproc") == .lcdproc(host: "127.0.0.1", port: 13666))
  #expect(spec("lcdproc:lcd.local") == .lcdproc(host: "lcd.local", port: 13666))
  #expect(spec("lcdproc:10.0.0.2:13667") == .lcdproc(host: "10.0.0.2", port: 13667))
}

@Test("backlight=high|low overrides the preset's polarity, the pins unchanged")
func displaySpec_backlightPolarity() throws {
  guard case .i2c(let settings)? = spec("i2c:/dev/i2c-1@0x27,wiring=lcdproc,backlight=high") else {
    Issue.record("not an I2C display")
    return
  }
  #expect(settings.wiring.backlightActiveHigh)
  #expect(settings.wiring.backlight == PCF8574Wiring.lcdproc.backlight)
  #expect(settings.wiring.data == PCF8574Wiring.lcdproc.data)
  guard case .i2c(let low)? = spec("i2c:/dev/i2c-1@0x27,backlight=low") else {
    Issue.record("not an I2C display")
    return
  }
  #expect(!low.wiring.backlightActiveHigh)
  #expect(low.wiring.byte(nibble: 0, rs: false, enable: false, backlight: true) & 0x08 == 0)
}

@Test("a bad --display value is refused with what would be accepted")
func displaySpec_errors() {
  #expect(message("lcd").hasPrefix("unknown display 'lcd' (terminal, text, i2c:"))
  #expect(message("i2c:/dev/i2c-1").hasPrefix("write i2c:/dev/i2c-N@0xADDR"))
  #expect(message("i2c:/dev/i2c-1@0x50").contains("0x20–0x27, a PCF8574A at 0x38–0x3F"))
  #expect(message("i2c:/dev/i2c-1@0xZZ").hasPrefix("bad I2C address '0xZZ'"))
  #expect(message("i2c:i2c-1@0x27").hasPrefix("the I2C adapter must be a path"))
  #expect(
    message("i2c:/dev/i2c-1@0x27,speed=400k").hasPrefix("unknown I2C display setting 'speed=400k'"))
  #expect(message("lcdproc:host:0").hasPrefix("bad LCDd port '0'"))
  #expect(message("lcdproc:host:1:2").hasPrefix("write lcdproc, lcdproc:HOST"))
}

@Test("settings name the display as path@0xAA in logs")
func i2cDisplaySettings_description() {
  #expect(I2CDisplaySettings(path: "/dev/i2c-1", address: 0x27).description == "/dev/i2c-1@0x27")
  #expect(I2CDisplaySettings(path: "/dev/i2c-0", address: 0x3F).description == "/dev/i2c-0@0x3f")
}

@Test func theScenarioHeaderLineOfEveryDisplayAScenarioRunsOnReadsBackAsTheSameSpec() throws {
  let specs: [DisplaySpec] = [
    .i2c(.simulated()), .i2c(.simulated(wiring: .lcdproc)),
    .i2c(.simulated(wiring: .backpack.withBacklight(activeHigh: false))),
    .i2c(.simulated(wiring: .lcdproc.withBacklight(activeHigh: true))), .lcdprocDefault,
  ]
  for spec in specs {
    guard let line = spec.scenarioHeaderLine else {
      Issue.record("\(spec) has no header line")
      continue
    }
    let words = line.split(separator: " ")
    #expect(words.first == "display")
    #expect(try DisplaySpec.parseScenarioHeader(Array(words.dropFirst())).get() == spec)
  }
  // Displays a scenario does not run on are not named.
  #expect(DisplaySpec.text.scenarioHeaderLine == nil)
  #expect(DisplaySpec.none.scenarioHeaderLine == nil)
}

@Test func aBadScenarioHeaderDisplayNamesTheWordThatIsWrong() {
  func setting(_ words: [Substring]) -> Int? {
    if case .failure(let error) = DisplaySpec.parseScenarioHeader(words) { return error.setting }
    return nil
  }
  #expect(setting(["hdmi"]) == 0)
  #expect(setting(["i2c", "backlight=low", "wiring=zz"]) == 2)
  #expect(setting(["lcdproc", "extra"]) == 1)
}
