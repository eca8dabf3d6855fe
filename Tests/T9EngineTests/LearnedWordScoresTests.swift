import T9Engine
import Testing

@Test(
  "a learned word's score is remembered for its slot and word, including 'not in the dictionary'"
)
func learnedWordScores_remembersBySlotAndWord() {
  let scores = LearnedWordScores(capacity: 4)
  #expect(scores.score(slot: 1, hash: 0xAB) == nil, "nothing remembered yet")
  scores.remember(slot: 1, hash: 0xAB, score: 812)
  scores.remember(slot: 2, hash: 0xCD, score: nil)
  #expect(scores.score(slot: 1, hash: 0xAB) == .some(812))
  #expect(scores.score(slot: 2, hash: 0xCD) == .some(nil), "known to be missing")
  #expect(scores.score(slot: 1, hash: 0xEF) == nil, "the slot holds another word now")
}

@Test("slots sharing an entry replace each other; the table never grows")
func learnedWordScores_sharedEntriesReplaceEachOther() {
  let scores = LearnedWordScores(capacity: 4)
  scores.remember(slot: 3, hash: 7, score: 500)
  scores.remember(slot: 7, hash: 9, score: 600)
  #expect(scores.score(slot: 3, hash: 7) == nil, "slot 7 took the entry of slot 3")
  #expect(scores.score(slot: 7, hash: 9) == .some(600))
  #expect(scores.capacity == 4)
}
