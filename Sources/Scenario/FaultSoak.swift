import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput
import Runtime
import ScenarioText
import SimulatedPeers
import Supervision
import TextEntry

/// The random-fault soak: an hour (by default) of virtual time
/// typing a message in multi-tap, with a fault every few seconds — garbage
/// on the glass, a module that loses power, a display bus that goes down,
/// a key release lost, the input clock jumping — while the watchdog looks
/// once a second. After every stimulus the soak compares the glass with
/// the firmware's frame; after every line typed, the message with what was
/// typed. Seeded, so every run with the same seed is the same.
public struct FaultSoak {
  /// How much virtual time to type through.
  public var duration: Duration
  /// Chooses the words, the faults and when they come.
  public var seed: UInt64
  /// The LCD.
  public var geometry: LCDGeometry
  /// The shortest and longest time between two faults, in milliseconds.
  public var faultGap: ClosedRange<Int64> = 2_000...6_000
  /// The kinds of fault injected, by name (`lcd-garbage`, `lcd-reset`,
  /// `bus-down`, `stuck`, `clock-jump`).
  public var faultKinds = FaultSoak.allFaultKinds

  /// Every kind of fault, by name.
  public static let allFaultKinds = ["lcd-garbage", "lcd-reset", "bus-down", "stuck", "clock-jump"]

  /// A soak of `duration` with `seed` on `geometry`.
  public init(
    duration: Duration = .seconds(3600), seed: UInt64 = 1, geometry: LCDGeometry = .lcd16x2
  ) {
    self.duration = duration
    self.seed = seed
    self.geometry = geometry
  }

  /// Words typed, lower case (multi-tap `abc`).
  static let words = [
    "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "phone", "keypad", "glass",
    "watchdog", "meet", "me", "at", "noon", "see", "you", "soon", "call", "back", "later", "good",
    "morning", "all", "well", "here", "running", "late", "sorry", "bring", "bread", "milk",
    "thanks", "love", "it", "yes", "no", "maybe", "tomorrow",
  ]

  /// Runs the soak.
  public func run() -> FaultSoakFigures {
    var soak = Run(soak: self)
    soak.type()
    return soak.figures
  }

  /// One run's state.
  private struct Run: ~Copyable {
    let soak: FaultSoak
    var board: ScenarioBoard<SimulatedModule>
    var random: SplitMix64
    var figures = FaultSoakFigures()
    var nextFault: Instant
    var wrongSince: Instant?
    var busUpAt: Instant?
    let end: Instant
    let language = Language.english

    init(soak: FaultSoak) {
      self.soak = soak
      var settings = PhoneSettings()
      settings.defaultMode = .multitap
      settings.defaultCase = .lower
      let phone = Phone(settings: settings, geometry: soak.geometry, start: .compose)
      let supervisor = Supervisor(
        PhoneHarness(phone, recordsFrames: true), start: .compose, log: .disabled)
      let display = SimulatedModule(geometry: soak.geometry, rom: .a00, log: .disabled)
      board = ScenarioBoard(
        supervisor: supervisor,
        peripherals: ScenarioPeripherals(display: display, keepsFrames: false),
        header: ReportHeader())
      random = SplitMix64(seed: soak.seed)
      nextFault = .zero + .seconds(3)
      end = .zero + soak.duration
    }

    mutating func type() {
      while board.now < end {
        var line = ""
        while line.unicodeScalars.count < 40 {
          let word = FaultSoak.words[random.below(FaultSoak.words.count)]
          if !line.isEmpty { line += " " }
          line += word
        }
        var previousKey: UInt8?
        for scalar in line.unicodeScalars {
          let key: Key
          var presses = 1
          if scalar == " " {
            key = .zero
          } else {
            guard let digit = language.key(for: scalar), let digitKey = Key(digit: Int(digit)),
              let position = language.multitapCycle(on: digit).firstIndex(of: scalar)
            else { continue }
            // The same key again waits for the letter before to commit.
            if previousKey == digit { wait(.milliseconds(1100)) }
            key = digitKey
            presses = position + 1
            previousKey = digit
          }
          if scalar == " " { previousKey = nil }
          for _ in 0..<presses {
            for stimulus in Stimulus.tap(key) { step(stimulus) }
          }
        }
        wait(.milliseconds(1200))
        compare(line)
        // Hold back: the field is cleared for the next line.
        for stimulus in Stimulus.hold(.back, for: .milliseconds(800)) { step(stimulus) }
        wait(.milliseconds(300))
      }
      figures.duration = board.now - .zero
      figures.repairs = board.runtime.supervisor.watchdog.repairs
      figures.reports += board.runtime.store.takeReports().count
    }

    mutating func wait(_ duration: Duration) {
      step(.wait(duration))
    }

    /// Feeds one stimulus, a wait in steps of 100 ms, looking at the glass
    /// after each.
    mutating func step(_ stimulus: Stimulus) {
      if case .wait(let duration) = stimulus {
        var left = duration
        while left > .zero {
          let chunk = left < .milliseconds(100) ? left : .milliseconds(100)
          board.apply(.wait(chunk))
          watchGlass()
          left -= chunk
        }
        return
      }
      if board.now >= nextFault, case .press(let key) = stimulus {
        inject(next: key)
      }
      if stimulus.isKeyEdge { figures.keyEdges += 1 }
      board.apply(stimulus)
      watchGlass()
      if figures.keyEdges % 256 == 0 { figures.reports += board.runtime.store.takeReports().count }
    }

    mutating func inject(next key: Key) {
      let fault: ScenarioFault
      let kinds = soak.faultKinds.isEmpty ? FaultSoak.allFaultKinds : soak.faultKinds
      let name = kinds[random.below(kinds.count)]
      switch name {
      case "lcd-garbage": fault = .lcdGarbage
      case "lcd-reset": fault = .lcdReset
      case "bus-down":
        let down = Duration.milliseconds(Int64(500 + random.below(2500)))
        fault = .busDown(down)
        busUpAt = board.now + down
      case "stuck": fault = .stuck(key)
      default:
        let jump = Int64(1 + random.below(30))
        fault = .clockJump(.seconds(random.below(2) == 0 ? -jump : jump))
      }
      figures.faults[name, default: 0] += 1
      board.inject(fault, seed: random.next())
      let gap = soak.faultGap
      nextFault =
        board.now
        + .milliseconds(gap.lowerBound + Int64(random.below(Int(gap.upperBound - gap.lowerBound))))
    }

    /// Times how long the glass differs from the firmware's frame.
    mutating func watchGlass() {
      let frame = board.runtime.supervisor.frame
      let right = board.runtime.peripherals.display.shows(frame)
      let now = board.now
      if right {
        if let since = wrongSince {
          // While the bus is down the glass cannot follow: that time is the
          // fault's own, not the repair's.
          var start = since
          if let up = busUpAt, up > start { start = up }
          let wrong = now > start ? now - start : .zero
          figures.wrongEpisodes += 1
          if wrong > figures.longestWrongGlass { figures.longestWrongGlass = wrong }
          if wrong > FaultSoakFigures.wrongGlassTarget { figures.episodesOverTarget += 1 }
          wrongSince = nil
        }
      } else if wrongSince == nil {
        wrongSince = now
      }
    }

    /// Compares the message with the line typed: characters lost and
    /// extra, by their longest common subsequence.
    mutating func compare(_ line: String) {
      let expected = Array(line.unicodeScalars)
      let actual = Array((board.runtime.supervisor.phone.focusedText ?? "").unicodeScalars)
      var row = [Int](repeating: 0, count: actual.count + 1)
      for scalar in expected {
        var diagonal = 0
        for index in actual.indices {
          let above = row[index + 1]
          row[index + 1] = scalar == actual[index] ? diagonal + 1 : Swift.max(above, row[index])
          diagonal = above
        }
      }
      let common = row[actual.count]
      figures.charactersTyped += expected.count
      figures.charactersLost += expected.count - common
      figures.charactersExtra += actual.count - common
    }
  }
}
