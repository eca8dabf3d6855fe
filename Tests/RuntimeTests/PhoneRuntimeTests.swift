import Diagnostics
import Firmware
import Runtime
import ScenarioText
import Supervision
import T9Engine
import Testing
import Vocabulary

@Test func theStatisticsCarryTheSupervisorsCountsAndWhatOnlyTheDevicesSaw() {
  var runtime = makeRuntime()
  runtime.peripherals.figures.displayErrors = 3
  runtime.peripherals.figures.keypadResyncs = 2
  runtime.peripherals.figures.droppedKeys = 4
  runtime.handle(KeyEvent(.press, .two, at: ms(100)), arrivedAt: ms(100))
  runtime.handle(KeyEvent(.release, .two, at: ms(180)), arrivedAt: ms(180))
  runtime.advance(to: ms(61_000))
  let last = runtime.store.statistics.last
  #expect(last?.keyPresses == 1)
  #expect(last?.displayBusErrors == 3)
  #expect(last?.keypadResyncs == 2)
  #expect(last?.eventsDropped == 4)
  #expect(last?.uptimeSeconds == 61)
  #expect(last?.starts == 1)
}

@Test func theStatisticsDeadlineIsOneOfTheRuntimes() {
  var store = MemoryStore()
  store.statisticsDeadline = ms(250)
  let runtime = makeRuntime(store: store)
  #expect(runtime.nextDeadline == ms(250))
}

@Test func stateLinesAreKeptOnlyWhenTheyChange() {
  var runtime = makeRuntime()
  runtime.reportsState = true
  runtime.advance(to: ms(10))
  let first = runtime.takeStateReport()
  #expect(first?.hasPrefix("state 10\nscreen idle\n") == true)
  #expect(first?.hasSuffix("end\n") == true)
  runtime.advance(to: ms(20))
  #expect(runtime.takeStateReport() == nil)
  runtime.handle(KeyEvent(.press, .seven, at: ms(30)), arrivedAt: ms(30))
  runtime.handle(KeyEvent(.release, .seven, at: ms(110)), arrivedAt: ms(110))
  runtime.advance(to: ms(120))
  #expect(runtime.takeStateReport()?.contains("screen dialer") == true)
}

@Test func finishingWaitsForTheStoreWithTheUptimeAtTheEnd() {
  var runtime = makeRuntime()
  runtime.advance(to: ms(1_500))
  runtime.finish(at: ms(5_000))
  #expect(runtime.store.flushes == 1)
  #expect(runtime.store.statistics.last?.uptimeSeconds == 5)
}

@Test func healthMeansTheWatchdogLookedWithinThreeIntervals() {
  var settings = SupervisorSettings()
  settings.watchdog = true
  var runtime = makeRuntime(settings: settings)
  runtime.advance(to: ms(2_000))
  let healthyThen = runtime.isHealthy(at: ms(4_500))
  let healthyLater = runtime.isHealthy(at: ms(5_500))
  #expect(healthyThen)
  #expect(!healthyLater)
}

@Test func aRestartedPhonesLearnedWordsAreNotSavedAgainUntilTheyChange() {
  let log = Log(minimumLevel: .error) { _ in }
  func phone(learned words: [String], at time: Instant) -> Phone {
    var store = UserDictionary(language: "en")
    for word in words { _ = store.noteWord(word.unicodeScalars) }
    return Phone(log: log, learning: [.english: store], at: time)
  }
  let supervisor = Supervisor(
    PhoneHarness(phone(learned: [], at: .zero), recordsFrames: true), log: log)
  var runtime = PhoneRuntime(
    supervisor: supervisor, peripherals: RecordingPeripherals(), store: MemoryStore(),
    header: ReportHeader())
  runtime.advance(to: ms(1_000))
  // The phone comes back with words its store already holds (as loaded
  // from its file): they are not new, so nothing is written.
  runtime.restart(with: phone(learned: ["hello", "world"], at: ms(1_000)))
  runtime.advance(to: ms(20_000))
  #expect(runtime.store.learnedSaves.isEmpty)
  runtime.finish(at: ms(20_000))
  #expect(runtime.store.learnedSaves.isEmpty, "not even at exit")
}
