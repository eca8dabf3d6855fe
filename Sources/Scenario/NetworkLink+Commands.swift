import ScenarioText
import SimulatedPeers
import Vocabulary

extension NetworkLink {
  /// Does what a command line says at `now` (`NetworkCommand`) and gives
  /// the answer: `ok` for a `network` or `fault` line, `yes` or `no` for
  /// `expect-sent`, `expect-dialed` and `expect-dtmf`, `error: …` for a line it cannot read.
  public mutating func answer(_ line: String, at now: Instant) -> String {
    let command: NetworkCommand
    do {
      command = try NetworkCommand.parse(line)
    } catch {
      return "error: column \(error.location.column): \(error.message)"
    }
    switch command {
    case .network(let action):
      network.perform(action, at: now)
      return "ok"
    case .fault(let fault):
      network.apply(fault, at: now)
      return "ok"
    case .expectSent(let to, let text):
      return network.hasReceived(to: to, text: text) ? "yes" : "no"
    case .expectDialed(let number):
      return network.dialled.contains(number) ? "yes" : "no"
    case .expectDTMF(let digits):
      return network.tonesHeard == digits ? "yes" : "no"
    }
  }
}
