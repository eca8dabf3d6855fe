import Testing
import TextFolding

@Test(
  "a text occurs in another character by character, as String.contains finds it",
  arguments: [
    ("fax", "_$!<homefax>!$_", true),
    ("mobile", "_$!<mobile>!$_", true),
    ("cell", "cel", false),
    ("work", "network", true),
    ("", "", true),
    ("e", "cafe\u{301}", false),
    ("é", "cafe\u{301}", true),
  ])
func textSearch_occurs(part: String, text: String, occurs: Bool) {
  #expect(TextSearch.occurs(part, in: text) == occurs)
  #expect(text.contains(part) == occurs, "the same answer as the standard library's")
}
