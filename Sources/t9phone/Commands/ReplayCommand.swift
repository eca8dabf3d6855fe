import ArgumentParser
import Board
import CharacterLCD
import DisplayDriver
import Firmware
import Host
import KeypadInput
import Scenario
import ScenarioText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `t9phone replay FILE`: prints every LCD frame of a scenario with its
/// virtual time.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Print every LCD frame of a scenario with its virtual time.",
    discussion: """
      Frames are printed as '@ 1.250s' followed by the rows between bars. With
      --hd44780 each frame is followed by the HD44780 instructions and data that
      turn the previous frame into it (what a real display driver sends).
      --display i2c:/dev/i2c-N@0xADDR or lcdproc[:HOST[:PORT]] also shows the frames on a
      real display, terminal animates them in this terminal instead of printing them, none
      prints only the totals. Replays run at full speed and leave the last frame on the
      display; --realtime plays them at the scenario's own pace, for watching.
      With --png DIR each frame is also written as a picture of the LCD,
      DIR/0001-0.000s.png and on, numbered in time order (a blinking cursor in
      the phase of its 409.6 ms cycle at the frame's time).
      """
  )

  @Argument(help: "The scenario file.")
  var file: String?

  @Option(help: "Replay an evemu recording of a real keypad instead of a scenario.")
  var evemu: String?

  @Option(help: "The keymap of the recording's keypad (a name in Keymaps/ or a path).")
  var keymap = "numpad-phone"

  @Option(help: "LCD geometry for a recording: 16x1, 16x2, 16x4, 20x2, 20x4 or 40x2.")
  var lcd = "16x2"

  @Flag(name: .customLong("hd44780"), help: "Also print the HD44780 byte stream of each frame.")
  var hd44780 = false

  @Option(
    help: """
      Where to show the frames: text (the default listing), terminal, \
      i2c:/dev/i2c-N@0xADDR[,wiring=backpack|lcdproc][,backlight=high|low], \
      lcdproc[:HOST[:PORT]] (a real display, besides the listing), none.
      """)
  var display: String?

  @Flag(
    help: """
      Also print, for each frame, what the I2C driver sends a PCF8574 backpack for it \
      (on an adapter with plain I2C messages): expander bytes, bus transfers, pauses, \
      and the time at 100 kHz.
      """)
  var bus = false

  @Flag(help: "Play the frames at the scenario's own pace instead of at full speed.")
  var realtime = false

  @Option(
    help: ArgumentHelp(
      "Also write each frame as a PNG picture of the LCD into this folder.", valueName: "DIR"))
  var png: String?

  @OptionGroup var picture: PictureArguments

  @OptionGroup var logging: LoggingOptions

  @OptionGroup var dictionaryOptions: DictionaryOptions

  func run() throws {
    let pictureOptions = try picture.options()
    let log = try LogOutput.bootstrap(level: try logging.level(), file: logging.logFile)
    let dictionaries = DictionaryFiles.loadAll(folder: dictionaryOptions.folder, log: log)
    let scenario: Scenario
    let file: String
    do {
      (scenario, file) = try ScenarioRecordings.replayed(
        file: self.file, evemu: evemu, keymap: keymap, lcd: lcd)
    } catch let error as ScenarioError {
      Console.error("\(error)\n")
      throw ExitCode(2)
    } catch {
      Console.error("error: \(error)\n")
      throw ExitCode(2)
    }
    let contacts = try ScenarioContacts.load(scenario, from: file)
    let result = ScenarioRunner.run(
      scenario, dictionaries: dictionaries, contacts: contacts, recordFrames: true, log: log)
    let spec = try DisplayOutput.spec(display, default: .text)
    // The listing is replay's own text output; a display shows the frames.
    do {
      try DisplayOutput.open(
        spec == .text ? .none : spec,
        for: ReplayScreen(
          scenario: scenario, result: result, spec: spec, log: log,
          pictureOptions: pictureOptions, realtime: realtime, listsInstructions: hd44780,
          countsBus: bus, picturesFolder: png))
    } catch is ReplayScreen.DisplayFellBehind {
      throw ExitCode(1)
    }
    print(
      "\(result.frames.count) frames, \(result.keyEvents) key events, \(result.endTime) virtual")
    if let failure = result.failure {
      for line in ScenarioReport.failureDetails(failure) { print(line) }
      throw ExitCode(1)
    }
  }
}
