import CharacterLCD
import Diagnostics
import KeypadInput
import Vocabulary

/// The SIM's PIN entry: digits shown as `*`, the attempts left, and after
/// three wrong PINs the PUK and a new PIN. `ok` (or `#`, the left soft key)
/// sends the code; `back` or the right soft key deletes a digit. An
/// emergency number typed here is dialled with `call`: such numbers need
/// no SIM.
public struct PINScreen {
  /// What the screen asks for.
  public enum Step: Sendable, Hashable {
    /// The PIN.
    case pin
    /// The PUK.
    case puk
    /// A new PIN, after the PUK.
    case newPIN
  }

  /// What is asked for now.
  public private(set) var step: Step
  /// The digits typed.
  private var digits = ""
  /// The PUK typed, while the new PIN is asked for.
  private var puk = ""
  /// Whether the code went to the SIM and its answer is awaited.
  public private(set) var checking = false
  /// The attempts the SIM has left.
  public private(set) var triesLeft: Int

  /// Asks for the PIN (or the PUK for a blocked SIM).
  init(for state: SIMState, triesLeft: Int) {
    step = state == .puk ? .puk : .pin
    self.triesLeft = triesLeft
  }

  /// The SIM answered: still locked (a wrong code: asked again, the
  /// attempts left shown) or blocked.
  mutating func simChanged(to state: SIMState, triesLeft: Int) {
    checking = false
    digits = ""
    puk = ""
    self.triesLeft = triesLeft
    step = state == .puk ? .puk : .pin
  }

  /// The codes the SIM takes: 4–8 digits for a PIN, 8 for a PUK.
  private var lengths: ClosedRange<Int> { step == .puk ? 8...8 : 4...8 }

  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    guard gesture.kind == .tap, !checking else { return .none }
    switch gesture.key {
    case .back, .softRight:
      if !digits.isEmpty { digits.removeLast() }
    case .call:
      guard context.settings.isEmergency(digits) else { return .notice("Emergency only") }
      context.log(.notice, LogTag("calls", "emergency"), "dialling \(digits) with the SIM locked")
      let number = digits
      digits = ""
      return .push(CallingScreen.dial(number, slot: nil, &context))
    case .ok, .hash, .softLeft:
      guard lengths.contains(digits.count) else {
        return .notice(step == .puk ? "8 digits" : "4-8 digits")
      }
      switch step {
      case .pin:
        checking = context.services.requestModem(.enterPIN(digits))
      case .puk:
        puk = digits
        digits = ""
        step = .newPIN
      case .newPIN:
        checking = context.services.requestModem(.enterPUK(puk: puk, newPIN: digits))
      }
    default:
      guard let digit = gesture.key.digit, digits.count < 8 else { return .none }
      digits.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + digit))
    }
    return .none
  }

  /// `Enter PIN`, `Enter PUK`, `New PIN`, with the attempts left.
  var title: String {
    switch step {
    case .pin: "Enter PIN (\(triesLeft))"
    case .puk: "Enter PUK (\(triesLeft))"
    case .newPIN: "New PIN"
    }
  }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let geometry = context.geometry
    // An emergency number shows as typed; a code never does.
    let shown =
      context.settings.isEmergency(digits) ? digits : String(repeating: "*", count: digits.count)
    if geometry.rows == 1 {
      canvas.write(title + " " + (checking ? "..." : shown), row: 0)
      return
    }
    canvas.write(title, row: 0)
    canvas.write(checking ? "Checking..." : shown, row: 1)
    if geometry.rows > 2 {
      canvas.write("OK", row: geometry.rows - 1)
      canvas.writeRight("Delete", row: geometry.rows - 1)
    }
  }
}
