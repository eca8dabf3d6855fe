/// The screens a scenario (or the simulator) can open at time zero.
public enum StartScreen: String, Sendable, CaseIterable {
  /// The idle screen: name, clock, soft keys.
  case idle
  /// The main menu.
  case menu
  /// The message editor.
  case compose
  /// The settings list.
  case settings
  /// The contact list.
  case contacts
  /// The dialer.
  case dialer
}
