import T9Engine
import Testing
import TextEntry

@testable import Firmware

@Test("learning stores are found by language, changed in place, and listed in language order")
func learningStores_byLanguage() {
  var stores = LearningStores([.indonesian: UserDictionary(language: "id")])
  #expect(stores[.english] == nil)
  stores[.indonesian]?.noteWord("rumah".unicodeScalars)
  #expect(stores[.indonesian]?.recordCount == 1, "changed in place")
  stores[.english] = UserDictionary(language: "en")
  #expect(stores.map(\.language) == [.english, .indonesian])
  #expect(stores.map(\.store.language) == ["en", "id"])
}
