import T9Engine

extension TextEditor {
  /// What disagrees in the editor's state, if anything: the cursor outside
  /// the text, a pending letter or a T9 word not where the cursor is, a
  /// word being composed with no candidate, both at once, or a mode the
  /// field does not allow. Never true of an editor driven only through its
  /// methods; the watchdog asks, because memory can be corrupted and code
  /// can be wrong. Allocates only to describe a problem it found.
  public var inconsistency: String? {
    let count = buffer.count
    if buffer.count > buffer.capacity {
      return "text of \(count) characters in a field of \(buffer.capacity)"
    }
    guard cursor >= 0, cursor <= count else {
      return "cursor at \(cursor) in a text of \(count) characters"
    }
    if pending != nil, composition != nil {
      return "a multi-tap letter and a T9 word are both being chosen"
    }
    if pending != nil, cursor >= count {
      return "pending letter at \(cursor) past the end of the text (\(count))"
    }
    if let composition {
      if composition.start < 0 || composition.start + composition.length > count {
        return
          "T9 word at \(composition.start)+\(composition.length) outside a text of \(count) characters"
      }
      if cursor != composition.start + composition.length {
        return
          "cursor at \(cursor), not at the end of the T9 word (\(composition.start + composition.length))"
      }
      if composition.length > 0, composition.candidate == nil {
        return "a T9 word of \(composition.length) characters with no candidate"
      }
      if !composition.keys.isEmpty, composition.length == 0 {
        return "\(composition.keys.count) keys typed for a T9 word that shows nothing"
      }
    }
    if let spellStart, spellStart < 0 || spellStart > cursor {
      return "spelling starts at \(spellStart), after the cursor (\(cursor))"
    }
    if !contentType.allows(mode) {
      return "mode \(mode.indicator(letterCase)) in a field that does not allow it"
    }
    return nil
  }

  /// Closes whatever is being chosen into plain text and puts the cursor
  /// back inside the text, keeping every character the field shows: the
  /// watchdog's repair for an inconsistent editor.
  public mutating func settleInconsistency() {
    let count = buffer.count
    if pending != nil, cursor < count { cursor += 1 }
    pending = nil
    composition = nil
    spellStart = nil
    candidates.removeAll()
    cursor = Swift.min(Swift.max(0, cursor), count)
    if !contentType.allows(mode) {
      _ = setMode(contentType.initialMode(predictiveAvailable: predictor != nil))
    }
  }
}
