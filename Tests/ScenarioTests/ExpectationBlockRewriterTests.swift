import Scenario
import Testing

private let original = """
  # A comment   with  spaces
  start compose

  tap 4 4   # h
  expect screen    # the frame
    |H               |\t
    |Abc          458|
  wait 1s
  expect glass
  |H               |
  |Abc          458|

  """

/// The text's lines split at `\n`, endings kept.
private func lines(_ text: String) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

@Test("only the block's rows change; indentation, what follows the bar and every other line stay")
func expectationBlockRewriter_keepsOtherBytes() throws {
  let rewritten = try #require(
    ExpectationBlockRewriter.rewrite(
      original, blockAt: 5, rows: ["Hi              ", "T9 Abc     157/1"]))
  let before = lines(original)
  let after = lines(rewritten)
  #expect(after.count == before.count)
  for index in before.indices where index != 5 && index != 6 {
    #expect(after[index] == before[index], "line \(index + 1)")
  }
  #expect(after[5] == "  |Hi              |\t")
  #expect(after[6] == "  |T9 Abc     157/1|")
  let parsed = try ScenarioParser.parse(rewritten, file: "t.scenario")
  guard case .expect(.screen(let rows)) = parsed.steps[1].action else {
    Issue.record("step 2 is not 'expect screen'")
    return
  }
  #expect(rows == ["Hi              ", "T9 Abc     157/1"])
}

@Test("an expect glass block is rewritten too, and the last line keeps its missing newline")
func expectationBlockRewriter_glassAtEnd() throws {
  let text = "start idle\nexpect glass\n|aaaa            |\n|bbbb            |"
  let rewritten = try #require(
    ExpectationBlockRewriter.rewrite(
      text, blockAt: 2, rows: ["cccc            ", "dddd            "]))
  #expect(rewritten == "start idle\nexpect glass\n|cccc            |\n|dddd            |")
}

@Test("a CRLF file stays CRLF")
func expectationBlockRewriter_crlf() throws {
  let text =
    "start idle\r\n# note\r\nexpect screen\r\n|aaaa            |\r\n|bbbb            |\r\nwait 1s\r\n"
  let rewritten = try #require(
    ExpectationBlockRewriter.rewrite(
      text, blockAt: 3, rows: ["cccc            ", "dddd            "]))
  #expect(
    Array(rewritten.utf8)
      == Array(
        "start idle\r\n# note\r\nexpect screen\r\n|cccc            |\r\n|dddd            |\r\nwait 1s\r\n"
          .utf8))
}

@Test("a line that is not an expect screen or glass block is not rewritten")
func expectationBlockRewriter_refuses() {
  let rows = ["x               ", "y               "]
  #expect(ExpectationBlockRewriter.rewrite(original, blockAt: 4, rows: rows) == nil, "tap")
  #expect(ExpectationBlockRewriter.rewrite(original, blockAt: 1, rows: rows) == nil, "comment")
  #expect(ExpectationBlockRewriter.rewrite(original, blockAt: 0, rows: rows) == nil)
  #expect(
    ExpectationBlockRewriter.rewrite(original, blockAt: 40, rows: rows) == nil, "past the end")
  #expect(
    ExpectationBlockRewriter.rewrite("expect screen\n|a|\n", blockAt: 1, rows: rows) == nil,
    "fewer row lines than rows")
  #expect(
    ExpectationBlockRewriter.rewrite(original, blockAt: 5, rows: ["a\nb", "c"]) == nil,
    "a row with a line break")
}
