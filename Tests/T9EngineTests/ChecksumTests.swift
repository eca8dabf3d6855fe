import T9Engine
import Testing

@Test("the checksum changes with any single byte and does not depend on chunking")
func checksum_detectsEveryByteChange() {
  let data = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) }
  let reference = Checksum.of(data)
  for index in data.indices {
    var changed = data
    changed[index] &+= 1
    #expect(Checksum.of(changed) != reference)
  }
  var chunked = Checksum()
  data.withUnsafeBytes { chunked.update(UnsafeRawBufferPointer(rebasing: $0[0..<13])) }
  data.withUnsafeBytes { chunked.update(UnsafeRawBufferPointer(rebasing: $0[13...])) }
  #expect(chunked.value == reference)
  #expect(Checksum.of(data + [0]) != reference, "length counts")
}
