import FuzzSupport
import MessageStore
import SMS

/// The message store's loader, on a file whose header is right and whose
/// records are the input (two 512-byte places a slot, as many slots as the
/// input fills, at least one), as is and again with every record's
/// checksum made right. It opens without crashing; every message it holds
/// can be listed and read; and the store, changed (every message marked
/// read) and written back, opens again as the same messages.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessageStore(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let input = FuzzInput.bytes(start, count)
  let slots = Swift.max(1, Swift.min(16, input.count / 1024))
  for fixChecksums in [false, true] {
    var file = MessageBox.emptyFile(capacity: slots)
    for (index, byte) in input.prefix(file.count - MessageBox.headerSize).enumerated() {
      file[MessageBox.headerSize + index] = byte
    }
    if fixChecksums {
      var record = MessageBox.headerSize
      while record + 512 <= file.count {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in file[record..<(record + 504)] {
          hash ^= UInt64(byte)
          hash = hash &* 0x100_0000_01B3
        }
        for index in 0..<8 {
          file[record + 504 + index] = UInt8(truncatingIfNeeded: hash >> (8 * UInt64(index)))
        }
        record += 512
      }
    }
    guard var box = try? MessageBox.open(file, name: "fuzz").box else {
      Invariant.check(false, "a file with a right header was refused")
      return 0
    }
    let before = contents(box)
    for folder in MessageFolder.allCases {
      for message in box.messages(in: folder) where folder == .inbox {
        box.markRead(id: message.id)
      }
    }
    let expected = contents(box)
    box.takeWrites { offset, bytes in
      for (index, byte) in bytes.enumerated() { file[offset + index] = byte }
    }
    guard let again = try? MessageBox.open(file, name: "fuzz").box else {
      Invariant.check(false, "the store written back was refused")
      return 0
    }
    Invariant.check(
      contents(again) == expected,
      "written back, \(expected) became \(contents(again)) (before: \(before))")
  }
  return 0
}

/// Every message as comparable text: folder, address, status, parts, text.
func contents(_ box: MessageBox) -> [String] {
  MessageFolder.allCases.flatMap { folder in
    box.messages(in: folder).map { message in
      var text: [Unicode.Scalar] = []
      box.text(of: message.id, into: &text)
      var line = "\(folder.name) \(message.address.text) \(message.status.name) "
      line += "\(message.parts)/\(message.total) "
      line.unicodeScalars.append(contentsOf: text)
      return line
    }
  }
}
