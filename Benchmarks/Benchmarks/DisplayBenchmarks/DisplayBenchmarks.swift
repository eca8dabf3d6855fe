import Benchmark
import CharacterLCD
import Diagnostics
import DisplayDriver
import KeypadInput
import SimulatedPeers

/// Frames as typing makes them: each one letter longer, the cursor after it.
enum DisplayBench {
  static let frames: [LCDFrame] = {
    var frames: [LCDFrame] = []
    var frame = LCDFrame(geometry: .lcd16x2, rom: .a00)
    for (index, letter) in "abc        159/1".utf8.enumerated() { frame[1, index] = letter }
    for column in 0..<16 {
      frame[0, column] = UInt8(ascii: "a") + UInt8(column % 26)
      frame.cursor = CursorPosition(row: 0, column: min(column + 1, 15))
      frame.cursorStyle = .underline
      frames.append(frame)
    }
    for column in (0..<16).reversed() {
      frame[0, column] = 0x20
      frame.cursor = CursorPosition(row: 0, column: column)
      frames.append(frame)
    }
    return frames
  }()
}

/// Holds the driver so every frame mutates it in place.
final class DriverBox: @unchecked Sendable {
  var display = HD44780I2CDisplay(
    settings: I2CDisplaySettings(path: "/dev/i2c-sim", address: 0x27),
    system: SimulatedI2CBus(path: "/dev/i2c-sim", address: 0x27), log: .disabled)
  var next = 0
  var time = Instant.zero
}

let benchmarks: @Sendable () -> Void = {
  // One key press's frame through the I2C display driver onto a simulated
  // backpack: the changed cell, the cursor, the expander bytes, the module.
  let box = DriverBox()
  Benchmark(
    "DisplayKeyPress",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 200,
      maxDuration: .seconds(2), maxIterations: 100_000,
      thresholds: [.mallocCountTotal: .init(absolute: [.p100: 0])])
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      box.time = box.time + .milliseconds(150)
      box.display.show(DisplayBench.frames[box.next], at: box.time)
      box.next = (box.next + 1) % DisplayBench.frames.count
    }
    blackHole(box.display.statistics)
  }
}
