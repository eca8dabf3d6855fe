import Supervision
import Testing

@Test("a family is written as # HELP, # TYPE and one line per sample, labels quoted")
func metricFamily_text() throws {
  let family = try #require(
    MetricFamily(
      name: "t9phone_repairs_total", help: "Repairs made by the watchdog.", kind: .counter,
      samples: [
        MetricSample(3, labels: [("kind", "lcd")]), MetricSample(0, labels: [("kind", "stack")]),
      ]))
  #expect(
    family.text == """
      # HELP t9phone_repairs_total Repairs made by the watchdog.
      # TYPE t9phone_repairs_total counter
      t9phone_repairs_total{kind="lcd"} 3
      t9phone_repairs_total{kind="stack"} 0

      """)
  let uptime = try #require(
    MetricFamily(
      name: "t9phone_uptime_seconds", help: "Seconds since start.", kind: .gauge,
      samples: [MetricSample(61)]))
  #expect(
    MetricFamily.exposition([uptime])
      == "# HELP t9phone_uptime_seconds Seconds since start.\n# TYPE t9phone_uptime_seconds gauge\nt9phone_uptime_seconds 61\n"
  )
}

@Test("label values escape backslash, quote and newline; help escapes backslash and newline")
func metricFamily_escaping() throws {
  let family = try #require(
    MetricFamily(
      name: "t9phone_keypad_unplugs_total", help: "Unplugs\nof C:\\pad \"x\"", kind: .counter,
      samples: [MetricSample(1, labels: [("path", "/dev/a \"b\"\\c\nd")])]))
  let lines = family.text.split(separator: "\n")
  #expect(lines[0] == #"# HELP t9phone_keypad_unplugs_total Unplugs\nof C:\\pad "x""#)
  #expect(lines[2] == #"t9phone_keypad_unplugs_total{path="/dev/a \"b\"\\c\nd"} 1"#)
}

@Test("names Prometheus would refuse are refused here")
func metricFamily_names() {
  #expect(MetricFamily(name: "9lives", help: "", kind: .gauge, samples: []) == nil)
  #expect(MetricFamily(name: "a-b", help: "", kind: .gauge, samples: []) == nil)
  #expect(MetricFamily(name: "", help: "", kind: .gauge, samples: []) == nil)
  #expect(MetricFamily(name: "ns:metric_total", help: "", kind: .counter, samples: []) != nil)
  #expect(
    MetricFamily(
      name: "x", help: "", kind: .gauge, samples: [MetricSample(1, labels: [("a:b", "v")])])
      == nil, "label names take no colon")
}
