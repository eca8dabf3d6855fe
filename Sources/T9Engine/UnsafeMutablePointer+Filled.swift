extension UnsafeMutablePointer {
  /// Storage for `count` values (at least one place), each `value`: a
  /// table reserved once, freed by its owner with `deallocate()`.
  static func filled(with value: Pointee, count: Int) -> UnsafeMutablePointer<Pointee> {
    let storage = UnsafeMutablePointer<Pointee>.allocate(capacity: Swift.max(1, count))
    storage.initialize(repeating: value, count: Swift.max(0, count))
    return storage
  }
}
