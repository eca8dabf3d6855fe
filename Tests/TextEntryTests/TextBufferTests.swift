import Testing
import TextEntry

@Test("a buffer inserts, replaces and removes within its capacity")
func textBuffer_editing() {
  var buffer = TextBuffer(capacity: 3)
  let result1 = buffer.insert("a", at: 0)
  #expect(result1)
  let result2 = buffer.insert("c", at: 1)
  #expect(result2)
  let result3 = buffer.insert("b", at: 1)
  #expect(result3)
  #expect(buffer.string == "abc")
  #expect(buffer.isFull)
  let result4 = buffer.insert("d", at: 3)
  #expect(!result4)
  #expect(buffer.string == "abc")
  buffer.replace(at: 0, with: "A")
  buffer.remove(at: 2)
  #expect(buffer.string == "Ab")
  #expect(buffer.remaining == 1)
}

@Test("out-of-range positions change nothing")
func textBuffer_rangeChecks() {
  var buffer = TextBuffer(capacity: 5)
  let result5 = buffer.insert("x", at: 2)
  #expect(!result5)
  buffer.remove(at: 0)
  buffer.replace(at: 4, with: "y")
  #expect(buffer.isEmpty)
}

@Test("set replaces everything or nothing")
func textBuffer_setAllOrNothing() {
  var buffer = TextBuffer(capacity: 4)
  let result6 = buffer.set("héllo".prefix(4).description)
  #expect(result6)
  let result7 = buffer.set("too long")
  #expect(!result7)
  #expect(buffer.string == "héll")
  buffer.removeAll()
  #expect(buffer.count == 0)
}

@Test("the running SMS length and new-line count follow every edit")
func textBuffer_runningTotals() {
  var buffer = TextBuffer(capacity: 20)
  func check(_ step: String) {
    let counted = SMSLength(buffer)
    #expect(buffer.smsLength == counted, "\(step)")
    #expect(buffer.newlineCount == buffer.filter { $0 == "\n" }.count, "\(step)")
  }
  buffer.set("Hi €\nthere")
  check("set")
  buffer.insert("李", at: 2)
  check("insert outside GSM")
  #expect(!buffer.smsLength.isGSM)
  buffer.replace(at: 2, with: "^")
  check("replace with an extension character")
  #expect(buffer.smsLength.isGSM)
  buffer.remove(at: 5)
  check("remove the new line")
  buffer.insert("\u{1F600}", at: 0)
  check("insert outside the basic plane")
  buffer.removeAll()
  check("remove all")
  #expect(buffer.smsLength == SMSLength())
}
