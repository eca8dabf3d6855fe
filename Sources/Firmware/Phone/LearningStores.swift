import T9Engine
import TextEntry

/// What T9 learned, one store per language (none: learning is off for
/// it), each changed in place: an editor is lent its language's store at
/// every key, and lending one out of a dictionary of stores copies it
/// (every array of it retained and released).
public struct LearningStores: Sequence {
  private var stores: [UserDictionary?]

  /// The stores of `learning`.
  public init(_ learning: [Language: UserDictionary]) {
    stores = [UserDictionary?](repeating: nil, count: Language.allCases.count)
    for (language, store) in learning { stores[LearningStores.index(of: language)] = store }
  }

  /// The store of `language`, if it has one.
  public subscript(language: Language) -> UserDictionary? {
    get { stores[LearningStores.index(of: language)] }
    _modify { yield &stores[LearningStores.index(of: language)] }
  }

  /// How many language slots there are (`Language.allCases.count`).
  public var slotCount: Int { stores.count }

  /// The language of `slot`: slots follow `Language.allCases`, as
  /// `index(of:)` numbers them.
  public static func language(slot: Int) -> Language { Language.allCases[slot] }

  /// How often the store in `slot` has changed (nil: no store), read in
  /// place: asked at every step of a run's clock, where lending the store
  /// out would retain and release every array of it.
  public func changeCount(slot: Int) -> Int? { stores[slot]?.changeCount }

  /// The languages that have a store, with it, in `Language.allCases`
  /// order (nothing is allocated).
  public func makeIterator() -> Iterator { Iterator(stores: stores) }

  /// The stores, language by language.
  public struct Iterator: IteratorProtocol {
    let stores: [UserDictionary?]
    var index = 0

    /// The next language with a store, and the store.
    public mutating func next() -> (language: Language, store: UserDictionary)? {
      while index < stores.count {
        defer { index += 1 }
        if let store = stores[index] { return (Language.allCases[index], store) }
      }
      return nil
    }
  }

  private static func index(of language: Language) -> Int {
    switch language {
    case .english: 0
    case .indonesian: 1
    }
  }
}
