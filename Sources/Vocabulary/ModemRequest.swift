/// What the phone asks of the modem beyond messages: calls and USSD. The
/// runtime carries each request from the phone to the driver.
public enum ModemRequest: Sendable, Hashable {
  /// Dial a number (`ATD…;`): digits, `+`, `*` and `#` only.
  case dial(String)
  /// Answer the call ringing (`ATA`).
  case answer
  /// Hang up, or reject the call ringing (`ATH`).
  case hangUp
  /// Play one DTMF tone in the call (`AT+VTS`): a digit, `*` or `#`.
  case tone(UInt8)
  /// Send a USSD code, or an answer inside a session (`AT+CUSD=1`).
  case ussd(String)
  /// End the USSD session (`AT+CUSD=2`).
  case endUSSD
  /// Unlock the SIM with its PIN (`AT+CPIN="1234"`).
  case enterPIN(String)
  /// Carry out a code the phone handles itself (`*#06#`, `**04*…#`).
  case phoneCode(PhoneCode)
  /// Unblock the SIM with its PUK, giving it a new PIN
  /// (`AT+CPIN="PUK","PIN"`).
  case enterPUK(puk: String, newPIN: String)
}
