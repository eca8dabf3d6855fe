import Firmware
import KeypadInput
import Scenario
import Testing

@Test("a scenario's key steps expand to stimuli with its tap timing; other steps are not stimuli")
func scenarioStimuli_expandSteps() throws {
  let scenario = try ScenarioParser.parse(
    """
    set tap-hold 90ms
    set tap-gap 200ms
    tap 2 3
    hold # 1500ms
    press ok
    release ok
    wait 1s
    unplug
    replug
    expect text "x"
    restart
    """, file: "s.scenario")
  let stimuli = scenario.steps.map { scenario.stimuli(of: $0.action) }
  #expect(
    stimuli[0]
      == Stimulus.tap(.two, hold: .milliseconds(90), gap: .milliseconds(200))
      + Stimulus.tap(.three, hold: .milliseconds(90), gap: .milliseconds(200)))
  #expect(stimuli[1] == Stimulus.hold(.hash, for: .milliseconds(1500)))
  #expect(stimuli[2] == [.press(.ok)])
  #expect(stimuli[3] == [.release(.ok)])
  #expect(stimuli[4] == [.wait(.seconds(1))])
  #expect(stimuli[5] == [.unplug])
  #expect(stimuli[6] == [.replug])
  #expect(stimuli[7] == nil)
  #expect(stimuli[8] == nil)
}
