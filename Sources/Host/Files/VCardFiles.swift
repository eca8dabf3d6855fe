import Board
import CharsetConversion
import ContactBook

/// Reads vCard files for the commands: the file's bytes, decoded with
/// glibc's iconv for every legacy charset.
public enum VCardFiles {
  /// The cards of the file at `path`; `charset` is the file's charset for
  /// unlabelled 8-bit text when it is neither UTF-8 nor named in the file.
  public static func read(_ path: String, charset: String? = nil) throws -> VCardReadResult {
    VCardReader.read(try FileIO.read(path), charsets: IconvCharsets(), charset: charset)
  }

  /// "file:line: warning: name: message", as the compilers write it.
  public static func warning(_ issue: VCardIssue, file: String) -> String {
    let subject = issue.name.map { "\($0): " } ?? ""
    return "\(file):\(issue.line): warning: \(subject)\(issue.message)\n"
  }
}
