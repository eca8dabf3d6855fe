import KeypadInput
import Supervision

/// What a fault soak measured.
public struct FaultSoakFigures: Sendable {
  /// Virtual time typed through.
  public var duration: Duration = .zero
  /// Key edges fed.
  public var keyEdges = 0
  /// Characters typed (and expected in the message).
  public var charactersTyped = 0
  /// Characters expected but missing from the message.
  public var charactersLost = 0
  /// Characters in the message that were not typed.
  public var charactersExtra = 0
  /// Faults injected, by `ScenarioFault` kind name.
  public var faults: [String: Int] = [:]
  /// The watchdog's repairs.
  public var repairs = RepairCounts()
  /// Flight reports written.
  public var reports = 0
  /// How many times the glass was seen wrong, and for how long in all.
  public var wrongEpisodes = 0
  /// The longest time the glass did not show the firmware's frame after
  /// its fault ended (a bus that is down cannot carry the frame: its time
  /// counts from when it is back).
  public var longestWrongGlass: Duration = .zero
  /// Episodes longer than the target.
  public var episodesOverTarget = 0
  /// The target for how long the glass may be wrong after a fault.
  public static let wrongGlassTarget: Duration = .seconds(2)

  /// Whether the soak met its targets: no character lost or added, the
  /// glass never wrong longer than the target.
  public var metTargets: Bool {
    charactersLost == 0 && charactersExtra == 0 && episodesOverTarget == 0
  }
}
