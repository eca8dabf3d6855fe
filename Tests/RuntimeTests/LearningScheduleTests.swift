import Firmware
import Runtime
import T9Engine
import Testing
import TextEntry
import Vocabulary

private func stores(changed: Bool) -> LearningStores {
  var learned = UserDictionary(language: "en")
  if changed { _ = learned.noteWord("hello".unicodeScalars) }
  return LearningStores([.english: learned])
}

@Test func aChangedStoreIsSavedOnceItHasBeenQuietForTheDelay() {
  var schedule = LearningSchedule(stores(changed: false), delay: .seconds(3))
  var saved: [Language] = []
  let learning = stores(changed: true)
  schedule.save(learning, at: ms(1_000), force: false) { _, language in
    saved.append(language)
    return true
  }
  #expect(saved.isEmpty)
  #expect(schedule.nextDeadline == ms(4_000))
  schedule.save(learning, at: ms(3_999), force: false) { _, language in
    saved.append(language)
    return true
  }
  #expect(saved.isEmpty)
  schedule.save(learning, at: ms(4_000), force: false) { _, language in
    saved.append(language)
    return true
  }
  #expect(saved == [.english])
  #expect(schedule.nextDeadline == nil)
  schedule.save(learning, at: ms(9_000), force: false) { _, language in
    saved.append(language)
    return true
  }
  #expect(saved == [.english], "saved once, not again while unchanged")
}

@Test func aFailedSaveIsTriedAgainAfterTheSameDelay() {
  var schedule = LearningSchedule(stores(changed: false), delay: .seconds(3))
  let learning = stores(changed: true)
  var tries = 0
  schedule.save(learning, at: .zero, force: true) { _, _ in
    tries += 1
    return false
  }
  #expect(tries == 1)
  #expect(schedule.nextDeadline == ms(3_000))
}

@Test func forcingSavesAChangedStoreAtOnceAndAnUnchangedOneNever() {
  var schedule = LearningSchedule(stores(changed: false), delay: .seconds(3))
  var saved = 0
  schedule.save(stores(changed: false), at: .zero, force: true) { _, _ in
    saved += 1
    return true
  }
  #expect(saved == 0)
  schedule.save(stores(changed: true), at: .zero, force: true) { _, _ in
    saved += 1
    return true
  }
  #expect(saved == 1)
}
