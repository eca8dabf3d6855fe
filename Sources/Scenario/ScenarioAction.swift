import KeypadInput
import SystemLayer

/// What a scenario step does.
public enum ScenarioAction: Sendable {
  /// `tap K…`: each key pressed for tap-hold, then tap-gap passes.
  case tap([Key])
  /// `press K`.
  case press(Key)
  /// `release K`.
  case release(Key)
  /// `hold K DURATION`: press, wait, release.
  case hold(Key, Duration)
  /// `wait DURATION`.
  case wait(Duration)
  /// `expect …`, checked at the current virtual time.
  case expect(Expectation)
  /// `restart`: the phone powers off and on; what it learned survives (it is
  /// saved and loaded back as it would be from the state directory), the
  /// rest of its memory does not.
  case restart
  /// `bus fault EREMOTEIO`: every transfer to the display fails with the
  /// error from now on; `bus ok` ends the fault (nil).
  case busFault(Errno?)
  /// `fault …`: something goes wrong behind the firmware's back.
  case fault(ScenarioFault)
  /// `unplug`: the keypad goes away (the USB cable is pulled); the glass
  /// says so and the phone keeps everything.
  case unplug
  /// `replug`: the keypad is back; typing continues.
  case replug
  /// `evemu FILE`: a recording of a real keypad (evemu format, relative to
  /// the scenario), read through the scenario's keymap. The executable
  /// replaces it with `keyEvents` before the run (the library reads no
  /// files).
  case recording(String)
  /// Key edges at the recording's times (its device's clock), fed as they
  /// came from the current time on: a loaded recording.
  case keyEvents([KeyEvent])
  /// `repeat N` … `done`: the steps between, N times.
  case repeated(Int, [ScenarioStep])
  /// The simulated network does something (`network …`).
  case network(NetworkAction)
}
