import T9Engine
import Testing

@Test("letters map to E.161 keys, accents fold, the apostrophe is key 1")
func keyLayout_keys() {
  #expect(KeyLayout.key(for: "a") == 2)
  #expect(KeyLayout.key(for: "S") == 7)
  #expect(KeyLayout.key(for: "z") == 9)
  #expect(KeyLayout.key(for: "é") == 3)
  #expect(KeyLayout.key(for: "'") == 1)
  #expect(KeyLayout.key(for: "’") == 1)
  #expect(KeyLayout.key(for: "5") == nil)
  #expect(KeyLayout.key(for: "Ж") == nil)
}
