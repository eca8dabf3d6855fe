import ContactBook
import MessageStore
import Testing

// The module runs with a 32-bit `Int`: every offset into a file the phone
// keeps must fit one at the largest capacity a file may declare, or
// opening that file in the page would trap instead of refusing it.

@Test("the largest message store's and contact book's files have offsets a 32-bit Int holds")
func fileSizes_fitThirtyTwoBits() {
  let largest = [
    MessageBox.fileSize(capacity: MessageBox.maximumCapacity),
    BookFile.fileSize(capacity: ContactBook.maximumCapacity),
  ]
  for size in largest {
    #expect(size > 0 && size <= Int(Int32.max))
  }
  // Far from the edge: a capacity ten times larger would still fit.
  #expect(MessageBox.fileSize(capacity: 10 * MessageBox.maximumCapacity) <= Int(Int32.max))
}
