/// A value kept on the heap behind one reference and copied only when a
/// shared copy is changed (copy on write).
///
/// A screen's text editor is about 2 KB (its T9 word and candidates are
/// fixed-size arrays, so typing allocates nothing). Kept inline, every move
/// of the screen in and out of the navigation stack's enum, and every
/// `ScreenAction` that pushes one, copies those kilobytes; boxed, they copy
/// a pointer. The box is allocated when the screen opens; the phone holds
/// the only reference while it types, so a key press changes it in place.
struct Boxed<Value> {
  private final class Box {
    // Only `Boxed` reaches the value, never with two accesses at once: the
    // run-time exclusivity check on every key event's accesses is skipped.
    @exclusivity(unchecked) var value: Value
    init(_ value: Value) { self.value = value }
  }

  private var box: Box

  /// Boxes `value`.
  init(_ value: Value) { box = Box(value) }

  /// The value; changing it copies it first when another copy shares it.
  var value: Value {
    _read { yield box.value }
    set {
      if isKnownUniquelyReferenced(&box) {
        box.value = newValue
      } else {
        box = Box(newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }
}
