import KeypadInput

/// Splits scenario lines into tokens.
public enum ScenarioLexer {
  /// Splits a line into tokens, stopping at a comment. A comment starts at a
  /// word beginning with `#`, except in a key directive (`tap`, `press`,
  /// `release`, `hold`, `fault stuck`), where a lone `#` is the hash key when it ends the line
  /// or the next word is a key name or a duration (`tap # 2`, `hold # 1s`).
  public static func tokens(of line: Substring, lineNumber: Int, file: String) throws(ScenarioError)
    -> [ScenarioToken]
  {
    let characters = Array(line)
    var tokens: [ScenarioToken] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == " " || character == "\t" || character == "\r" {
        index += 1
        continue
      }
      let start = index
      if character == "\"" {
        var text = ""
        index += 1
        var closed = false
        while index < characters.count {
          let next = characters[index]
          if next == "\"" {
            closed = true
            index += 1
            break
          }
          if next == "\\" {
            guard index + 1 < characters.count else { break }
            let escaped = characters[index + 1]
            switch escaped {
            case "\"": text.append("\"")
            case "\\": text.append("\\")
            case "n": text.append("\n")
            case "t": text.append("\t")
            default:
              throw ScenarioError(
                "unknown escape '\\\(escaped)' in string",
                at: SourceLocation(file: file, line: lineNumber, column: index + 1))
            }
            index += 2
            continue
          }
          text.append(next)
          index += 1
        }
        guard closed else {
          throw ScenarioError(
            "unterminated string",
            at: SourceLocation(file: file, line: lineNumber, column: start + 1))
        }
        tokens.append(ScenarioToken(text: text, column: start + 1, quoted: true))
        continue
      }
      while index < characters.count && characters[index] != " " && characters[index] != "\t"
        && characters[index] != "\r"
      {
        index += 1
      }
      let word = String(characters[start..<index])
      if word.hasPrefix("#") {
        let first = tokens.first?.text ?? ""
        let keyDirective =
          ["tap", "press", "release", "hold"].contains(first)
          || (first == "fault" && tokens.count == 2 && tokens[1].text == "stuck")
        guard keyDirective && word == "#" && nextWordIsKeyOrEnd(characters, from: index) else {
          break
        }
      }
      tokens.append(ScenarioToken(text: word, column: start + 1, quoted: false))
    }
    return tokens
  }

  private static func nextWordIsKeyOrEnd(_ characters: [Character], from start: Int) -> Bool {
    var index = start
    while index < characters.count && (characters[index] == " " || characters[index] == "\t") {
      index += 1
    }
    var end = index
    while end < characters.count && characters[end] != " " && characters[end] != "\t"
      && characters[end] != "\r"
    {
      end += 1
    }
    let word = String(characters[index..<end])
    return word.isEmpty || Key(rawValue: word) != nil || DurationParser.parse(word) != nil
  }
}
