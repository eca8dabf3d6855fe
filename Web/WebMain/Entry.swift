import WebPhone

// The module's entry for a WASI host (`wasmkit run`, a page's small WASI
// shim): a web bundle on standard input, the replay's outcome and frames
// on standard output (`WebReplay`), exit status 0 when it passed, 1 when it
// failed, 2 when it could not run. Only `fd_read`, `fd_write` and
// `proc_exit` are imported (declared in Web/runtime.c, where the C calling
// convention the host expects is the default).

@_extern(c, "wasi_fd_read")
func wasiRead(
  _ descriptor: Int32, _ vectors: UnsafeRawPointer, _ count: Int32,
  _ done: UnsafeMutablePointer<Int32>
) -> Int32

@_extern(c, "wasi_fd_write")
func wasiWrite(
  _ descriptor: Int32, _ vectors: UnsafeRawPointer, _ count: Int32,
  _ done: UnsafeMutablePointer<Int32>
) -> Int32

@_extern(c, "wasi_proc_exit")
func wasiExit(_ status: Int32)

/// A WASI `iovec`: a buffer's address and length, 32 bits each.
struct IOVector {
  var address: UInt32
  var length: UInt32

  init(_ base: UnsafeRawPointer?, count: Int) {
    address = UInt32(UInt(bitPattern: base))
    length = UInt32(count)
  }

  /// Calls `body` with the vector's address.
  func withPointer(_ body: (UnsafeRawPointer) -> Int32) -> Int32 {
    var vector = (address, length)
    return withUnsafeBytes(of: &vector) { bytes in
      guard let base = bytes.baseAddress else { return -1 }
      return body(base)
    }
  }
}

/// All of standard input.
func readInput() -> [UInt8] {
  var input: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  while true {
    var done: Int32 = 0
    let status = chunk.withUnsafeMutableBytes { buffer in
      let vector = IOVector(buffer.baseAddress, count: buffer.count)
      return vector.withPointer { wasiRead(0, $0, 1, &done) }
    }
    guard status == 0, done > 0 else { return input }
    input += chunk[0..<Int(done)]
  }
}

/// Writes all of `bytes` to standard output.
func writeOutput(_ bytes: [UInt8]) {
  var offset = 0
  while offset < bytes.count {
    var done: Int32 = 0
    let status = bytes.withUnsafeBytes { buffer in
      let vector = IOVector(buffer.baseAddress.map { $0 + offset }, count: buffer.count - offset)
      return vector.withPointer { wasiWrite(1, $0, 1, &done) }
    }
    guard status == 0, done > 0 else { return }
    offset += Int(done)
  }
}

@_cdecl("_start")
func start() {
  switch WebBundle.decode(readInput()) {
  case .failure(let error):
    writeOutput(Array(("ERROR " + error.message + "\n").utf8))
    wasiExit(2)
  case .success(let bundle):
    let outcome = WebReplay.run(bundle)
    writeOutput(Array(outcome.text.utf8))
    wasiExit(outcome.passed ? 0 : (outcome.text.hasPrefix("ERROR") ? 2 : 1))
  }
}
