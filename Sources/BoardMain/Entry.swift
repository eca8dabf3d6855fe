import Board
import CLinux

/// The board firmware's entry: its command line is `run`'s options (a
/// leading `run`, the host tool's spelling, is taken too), and its exit
/// status is `run`'s. Built as Embedded Swift by scripts/firmware/build.sh,
/// linked statically with glibc and libevdev: no Swift runtime, no shared
/// library. C's `main`, so that the program needs nothing Swift's own
/// entry would bring.
@_cdecl("main")
func main(_ count: Int32, _ words: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  // One malloc arena however many threads allocate (the dictionaries'
  // validation, the reports' writer): a board's memory for nothing else.
  mallopt(M_ARENA_MAX, 1)
  var arguments: [String] = []
  for index in 1..<Int(max(1, count)) {
    if let word = words[index] { arguments.append(String(cString: word)) }
  }
  if arguments.first == "run" { arguments.removeFirst() }
  return RunCommandLine.main(arguments, command: "t9phone")
}
