import T9Engine
import Testing

@Test("sequences parse digits, cap at 48 keys and order like the dictionary")
func keySequence_basics() {
  #expect(KeySequence("4663")?.description == "4663")
  #expect(KeySequence("46a") == nil)
  #expect(KeySequence(String(repeating: "2", count: 48)) != nil)
  #expect(KeySequence(String(repeating: "2", count: 49)) == nil)
  #expect(KeySequence.compare(keys("46"), keys("4663")) == -1)
  #expect(KeySequence.compare(keys("5"), keys("4663")) == 1)
  #expect(keys("43556111").trailingOnes == 3)
  #expect(keys("43556111").dropLast(3) == keys("43556"))
}
