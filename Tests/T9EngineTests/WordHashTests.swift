import T9Engine
import Testing

@Test("word hashes ignore case but not letters or accents")
func wordHash_caseInsensitive() {
  #expect(WordHash.of("Felix") == WordHash.of("felix"))
  #expect(WordHash.of("ÉCOLE") == WordHash.of("école"))
  #expect(WordHash.of("ecole") != WordHash.of("école"))
  #expect(WordHash.of("good") != WordHash.of("home"))
}
