/// The Linux key names (`KEY_*` from `<linux/input-event-codes.h>`) of the
/// keys a keypad or keyboard has, and their codes.
///
/// Only the keys a keymap is likely to name are listed; a keymap may give
/// any other code as a number.
public enum EvdevKeyNames {
  /// Every known name with its code, as in `<linux/input-event-codes.h>`.
  public static let all: [(name: String, code: UInt16)] = [
    ("KEY_0", 11),
    ("KEY_1", 2),
    ("KEY_2", 3),
    ("KEY_3", 4),
    ("KEY_4", 5),
    ("KEY_5", 6),
    ("KEY_6", 7),
    ("KEY_7", 8),
    ("KEY_8", 9),
    ("KEY_9", 10),
    ("KEY_A", 30),
    ("KEY_B", 48),
    ("KEY_C", 46),
    ("KEY_D", 32),
    ("KEY_E", 18),
    ("KEY_F", 33),
    ("KEY_G", 34),
    ("KEY_H", 35),
    ("KEY_I", 23),
    ("KEY_J", 36),
    ("KEY_K", 37),
    ("KEY_L", 38),
    ("KEY_M", 50),
    ("KEY_N", 49),
    ("KEY_O", 24),
    ("KEY_P", 25),
    ("KEY_Q", 16),
    ("KEY_R", 19),
    ("KEY_S", 31),
    ("KEY_T", 20),
    ("KEY_U", 22),
    ("KEY_V", 47),
    ("KEY_W", 17),
    ("KEY_X", 45),
    ("KEY_Y", 21),
    ("KEY_Z", 44),
    ("KEY_KP0", 82),
    ("KEY_KP1", 79),
    ("KEY_KP2", 80),
    ("KEY_KP3", 81),
    ("KEY_KP4", 75),
    ("KEY_KP5", 76),
    ("KEY_KP6", 77),
    ("KEY_KP7", 71),
    ("KEY_KP8", 72),
    ("KEY_KP9", 73),
    ("KEY_KPASTERISK", 55),
    ("KEY_KPSLASH", 98),
    ("KEY_KPMINUS", 74),
    ("KEY_KPPLUS", 78),
    ("KEY_KPDOT", 83),
    ("KEY_KPENTER", 96),
    ("KEY_NUMLOCK", 69),
    ("KEY_KPEQUAL", 117),
    ("KEY_KPCOMMA", 121),
    ("KEY_NUMERIC_0", 0x200),
    ("KEY_NUMERIC_1", 0x201),
    ("KEY_NUMERIC_2", 0x202),
    ("KEY_NUMERIC_3", 0x203),
    ("KEY_NUMERIC_4", 0x204),
    ("KEY_NUMERIC_5", 0x205),
    ("KEY_NUMERIC_6", 0x206),
    ("KEY_NUMERIC_7", 0x207),
    ("KEY_NUMERIC_8", 0x208),
    ("KEY_NUMERIC_9", 0x209),
    ("KEY_NUMERIC_STAR", 0x20a),
    ("KEY_NUMERIC_POUND", 0x20b),
    ("KEY_ENTER", 28),
    ("KEY_BACKSPACE", 14),
    ("KEY_ESC", 1),
    ("KEY_TAB", 15),
    ("KEY_SPACE", 57),
    ("KEY_MINUS", 12),
    ("KEY_EQUAL", 13),
    ("KEY_UP", 103),
    ("KEY_DOWN", 108),
    ("KEY_LEFT", 105),
    ("KEY_RIGHT", 106),
    ("KEY_F1", 59),
    ("KEY_F2", 60),
    ("KEY_F3", 61),
    ("KEY_F4", 62),
    ("KEY_F5", 63),
    ("KEY_F6", 64),
    ("KEY_F7", 65),
    ("KEY_F8", 66),
    ("KEY_F9", 67),
    ("KEY_F10", 68),
    ("KEY_F11", 87),
    ("KEY_F12", 88),
    ("KEY_HOME", 102),
    ("KEY_END", 107),
    ("KEY_PAGEUP", 104),
    ("KEY_PAGEDOWN", 109),
    ("KEY_INSERT", 110),
    ("KEY_DELETE", 111),
    ("KEY_SLASH", 53),
    ("KEY_DOT", 52),
    ("KEY_COMMA", 51),
    ("KEY_SEMICOLON", 39),
    ("KEY_APOSTROPHE", 40),
    ("KEY_LEFTBRACE", 26),
    ("KEY_RIGHTBRACE", 27),
    ("KEY_BACKSLASH", 43),
    ("KEY_GRAVE", 41),
    ("KEY_OK", 0x160),
    ("KEY_SELECT", 0x161),
    ("KEY_BACK", 158),
    ("KEY_PHONE", 169),
    ("KEY_MENU", 139),
    ("KEY_CLEAR", 0x163),
    ("KEY_CANCEL", 223),
    ("KEY_EXIT", 174),
    ("KEY_PICKUP_PHONE", 0x1bd),
    ("KEY_HANGUP_PHONE", 0x1be),
    ("KEY_SEND", 231),
  ]

  /// The highest key code the kernel defines (`KEY_MAX`).
  public static let maximumCode: UInt16 = 0x2ff

  /// The code of the key `name` (`KEY_KP5` or `KP5`; case is ignored), or
  /// nil when the name is not known.
  public static func code(named name: String) -> UInt16? {
    let upper = name.uppercased()
    let full = upper.hasPrefix("KEY_") ? upper : "KEY_" + upper
    return codesByName[full]
  }

  /// The name of `code` (`KEY_KP5`), or nil when it is not in the table.
  public static func name(of code: UInt16) -> String? { namesByCode[code] }

  private static let codesByName: [String: UInt16] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.name, $0.code) })

  private static let namesByCode: [UInt16: String] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.code, $0.name) })
}
