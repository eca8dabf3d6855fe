/// Why a picture could not be encoded as PNG.
public enum PNGError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The size is zero, too large for PNG, or does not match the pixel count.
  case invalidSize(width: Int, height: Int, bytes: Int)
  /// zlib's `compress2` failed with this status (`Z_MEM_ERROR`, `Z_BUF_ERROR`).
  case compression(status: Int32)

  /// What went wrong.
  public var description: String {
    switch self {
    case .invalidSize(let width, let height, let bytes):
      "cannot encode a \(width)x\(height) picture from \(bytes) bytes of RGB"
    case .compression(let status):
      "zlib's compress2 failed (status \(status))"
    }
  }
}
