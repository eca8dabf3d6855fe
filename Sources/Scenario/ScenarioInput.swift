import Firmware
import Vocabulary

/// What a scenario's input source hands the firmware at one turn of the
/// loop: a stimulus of a scenario step, or a key edge of a recording,
/// stamped on the recording's clock.
enum ScenarioInput {
  /// A press, release, wait, unplug or replug.
  case stimulus(Stimulus)
  /// A recorded key edge (the runtime's input clock is rebased on the
  /// recording).
  case recorded(KeyEvent)
}
