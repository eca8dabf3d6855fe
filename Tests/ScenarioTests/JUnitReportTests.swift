import Scenario
import ScenarioText
import Testing

/// The console's failure text for a failed scenario whose rows hold LCD
/// custom-character codes and markup characters.
private let failureDetails = ScenarioReport.failureDetails(
  ScenarioFailure(
    location: SourceLocation(file: "Scenarios/t9/a&b.scenario", line: 7, column: 1),
    message: "line 1 is \"<x> \u{1}\", expected \"Tom's\"",
    expectedRows: ["Tom's   ", "\u{0}\u{7}&<>\"'\t"],
    actualRows: ["<x> \u{1}\u{2}\u{3}\u{1F}", "ok\u{FFFF}\u{FFFE}\r   "]))

private func report() -> JUnitReport {
  var report = JUnitReport(name: "t9phone test")
  report.add(
    JUnitTestCase(
      name: "hello.scenario", classname: "Scenarios/t9", file: "Scenarios/t9/hello.scenario",
      microseconds: 12_345, outcome: .passed), toSuite: "Scenarios/t9")
  report.add(
    JUnitTestCase(
      name: "a&b.scenario", classname: "Scenarios/t9", file: "Scenarios/t9/a&b.scenario", line: 7,
      microseconds: 2_000_500,
      outcome: .failed(
        message: failureDetails[0], details: failureDetails.joined(separator: "\n"))),
    toSuite: "Scenarios/t9")
  report.add(
    JUnitTestCase(
      name: "bad.scenario", classname: "/tmp/x", file: "/tmp/x/bad.scenario", line: 1,
      microseconds: 400,
      outcome: .error(message: "/tmp/x/bad.scenario:1:7: error: unknown key '<'")),
    toSuite: "command line")
  report.add(
    JUnitTestCase(
      name: "b.scenario", classname: "Scenarios/t9", file: "Scenarios/t9/b.scenario",
      microseconds: 1000, outcome: .passed), toSuite: "Scenarios/t9")
  return report
}

/// What a reader shows for text the writer escaped: characters XML does
/// not allow become their stand-ins.
private func visible(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    result.unicodeScalars.append(XMLText.isAllowed(scalar) ? scalar : XMLText.standIn(for: scalar))
  }
  return result
}

@Test("content escapes the five markup characters and keeps line feeds and tabs")
func xmlText_content() {
  #expect(XMLText.content("a<b&c>\"d'") == "a&lt;b&amp;c&gt;&quot;d&apos;")
  #expect(XMLText.content("1\n\t2\r") == "1\n\t2&#13;")
  #expect(XMLText.content("plain ÄÖ ☎") == "plain ÄÖ ☎")
}

@Test("attribute values also keep line feeds and tabs as character references")
func xmlText_attribute() {
  #expect(XMLText.attribute("a\nb\tc\rd\"") == "a&#10;b&#9;c&#13;d&quot;")
}

@Test("characters XML 1.0 forbids become visible stand-ins: C0 controls their pictures, U+FFFE/F �")
func xmlText_forbidden() {
  #expect(XMLText.content("\u{0}\u{1}\u{7}\u{8}\u{B}\u{C}\u{1F}") == "␀␁␇␈␋␌␟")
  #expect(XMLText.content("\u{FFFE}\u{FFFF}") == "\u{FFFD}\u{FFFD}")
  #expect(XMLText.attribute("\u{3}") == "␃")
  #expect(XMLText.content("\u{7F}\u{85}\u{10FFFF}") == "\u{7F}\u{85}\u{10FFFF}")
}

@Test("the report parses back as well-formed XML with the suites, cases, failures and errors")
func junitReport_structure() throws {
  let root = try StrictXML.parse(report().xml)
  #expect(root.name == "testsuites")
  #expect(root.attributes["tests"] == "4")
  #expect(root.attributes["failures"] == "1")
  #expect(root.attributes["errors"] == "1")
  #expect(root.attributes["name"] == "t9phone test")
  let suites = root.all("testsuite")
  #expect(suites.count == 2)
  #expect(root.children.count == 2)
  #expect(suites.map { $0.attributes["name"] } == ["Scenarios/t9", "command line"])
  #expect(suites.map { $0.attributes["tests"] } == ["3", "1"])
  #expect(suites.map { $0.attributes["failures"] } == ["1", "0"])
  #expect(suites.map { $0.attributes["errors"] } == ["0", "1"])
  #expect(suites.map { $0.children.count } == [3, 1])
  #expect(root.all("testcase").count == 4)
  #expect(root.all("failure").count == 1)
  #expect(root.all("error").count == 1)
  let names = suites[0].children.map { $0.attributes["name"] }
  #expect(names == ["hello.scenario", "a&b.scenario", "b.scenario"])
}

@Test("a failure carries file:line and the console's text, screens side by side, read back intact")
func junitReport_failureText() throws {
  let root = try StrictXML.parse(report().xml)
  let failed = try #require(root.all("testcase").first { $0.attributes["name"] == "a&b.scenario" })
  #expect(failed.attributes["classname"] == "Scenarios/t9")
  #expect(failed.attributes["file"] == "Scenarios/t9/a&b.scenario")
  #expect(failed.attributes["line"] == "7")
  let failure = try #require(failed.children.first)
  #expect(failure.name == "failure")
  #expect(failure.attributes["message"] == visible(failureDetails[0]))
  #expect(failure.text == visible(failureDetails.joined(separator: "\n")))
  #expect(failure.text.hasPrefix("Scenarios/t9/a&b.scenario:7: "))
  #expect(failure.text.split(separator: "\n").count == failureDetails.count)
  #expect(failure.text.unicodeScalars.contains("␁"))
}

@Test("an error carries the file:line:col: error: message as its text and message")
func junitReport_error() throws {
  let root = try StrictXML.parse(report().xml)
  let error = try #require(root.all("error").first)
  #expect(error.text == "/tmp/x/bad.scenario:1:7: error: unknown key '<'")
  #expect(error.attributes["message"] == error.text)
}

@Test(
  "times are seconds with three decimals; a suite's is the sum of its cases', the root's of all")
func junitReport_times() throws {
  #expect(JUnitReport.seconds(0) == "0.000")
  #expect(JUnitReport.seconds(1_234_567) == "1.235")
  #expect(JUnitReport.seconds(999_600) == "1.000")
  #expect(JUnitReport.seconds(61_000_000) == "61.000")
  let root = try StrictXML.parse(report().xml)
  #expect(
    root.all("testcase").map { $0.attributes["time"] } == ["0.012", "2.001", "0.001", "0.000"])
  #expect(root.all("testsuite").map { $0.attributes["time"] } == ["2.014", "0.000"])
  #expect(root.attributes["time"] == "2.014")
}

@Test("an empty report is a well-formed root with zero tests")
func junitReport_empty() throws {
  let root = try StrictXML.parse(JUnitReport(name: "t9phone test (shard 2/3)").xml)
  #expect(root.attributes["tests"] == "0")
  #expect(root.attributes["name"] == "t9phone test (shard 2/3)")
  #expect(root.children.isEmpty)
}

@Test(
  "the strict reader refuses what is not well-formed",
  arguments: [
    "<a>x<y</a>", "<a>&foo;</a>", "<a>\u{1}</a>", "<a><b></a></b>", "<a x=1/>", "<a x='1' x='2'/>",
    "<a/><b/>", "<a>", "<a x=\"<\"/>", "<a>&#1;</a>", "<a>]]></a>", "<a>&amp</a>",
  ])
func strictXML_refuses(_ text: String) {
  #expect(throws: StrictXML.Malformed.self) { try StrictXML.parse(text) }
}

@Test("the strict reader decodes references, normalises attribute whitespace and reads nesting")
func strictXML_reads() throws {
  let root = try StrictXML.parse(
    "<?xml version=\"1.0\"?>\n<a k='x&#10;y\tz'><b>&lt;&#x41;&#66;</b><!-- c --><b/></a>\n")
  #expect(root.attributes["k"] == "x\ny z")
  #expect(root.all("b").count == 2)
  #expect(root.children[0].text == "<AB")
}
