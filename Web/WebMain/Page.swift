import CharacterLCD
import Firmware
import Scenario
import Vocabulary
import WebPhone

// The module's exports for the page (web/page.js calls them): the phone
// started from a web bundle, key edges and the clock in, pixels and text
// out, scenario steps, recording, saved state and replays. Bytes cross in
// `input` (the page writes them where `t9_input` says) and come back in
// `output` (`t9_output`, the length each call returns). Times are the
// page's milliseconds since the phone started, as doubles.

/// What the page's phone holds between calls.
final class PageState {
  var phone: PagePhone
  var blink = BlinkClock()
  /// What the pixels show now: drawing it again is skipped.
  var drawn: (frame: LCDFrame, options: PictureOptions)?

  init(phone: consuming PagePhone) { self.phone = phone }
}

nonisolated(unsafe) var input: [UInt8] = []
nonisolated(unsafe) var output: [UInt8] = []
nonisolated(unsafe) var pixels: [UInt8] = []
nonisolated(unsafe) var page: PageState?
nonisolated(unsafe) var replay: PageReplay?

/// Puts `text` in `output`; its length.
func give(_ text: String) -> Int32 {
  output = Array(text.utf8)
  return Int32(output.count)
}

func instant(_ milliseconds: Double) -> Instant {
  Instant(microseconds: Int64(milliseconds * 1000))
}

func options(scale: Int32, palette: Int32, phase: BlinkPhase) -> PictureOptions {
  let palettes = LCDPalette.all
  return PictureOptions(
    palette: palettes[Int(palette) >= 0 && Int(palette) < palettes.count ? Int(palette) : 0],
    scale: PictureLayout.scales.contains(Int(scale)) ? Int(scale) : 2, blinkPhase: phase)
}

/// Width and height in one number, for the page.
func size(_ width: Int, _ height: Int) -> Int32 { Int32(width << 16 | height) }

/// Room for `count` bytes from the page: their address.
@_cdecl("t9_input")
func t9Input(_ count: Int32) -> UnsafeMutableRawPointer? {
  input = [UInt8](repeating: 0, count: Int(count))
  return input.withUnsafeMutableBytes { $0.baseAddress }
}

/// Where the last answer is.
@_cdecl("t9_output")
func t9Output() -> UnsafeMutableRawPointer? {
  output.withUnsafeMutableBytes { $0.baseAddress }
}

/// How long the last answer is.
@_cdecl("t9_output_length")
func t9OutputLength() -> Int32 { Int32(output.count) }

/// The key names in the order `t9_key` numbers them, one a line.
@_cdecl("t9_key_names")
func t9KeyNames() -> Int32 {
  give(Key.allCases.map { $0.name }.joined(separator: "\n"))
}

/// Starts the phone from the web bundle in `input`: 0, with anything set
/// aside in `output`, one line each; 2 with the reason.
@_cdecl("t9_start")
func t9Start(_ count: Int32) -> Int32 {
  switch WebBundle.decode(Array(input[0..<Int(count)])) {
  case .failure(let error):
    page = nil
    _ = give(error.message)
    return 2
  case .success(let bundle):
    do {
      let phone = try PagePhone(bundle)
      _ = give(phone.notes.joined(separator: "\n"))
      page = PageState(phone: phone)
      return 0
    } catch {
      page = nil
      _ = give(error.message)
      return 2
    }
  }
}

/// A key went down (`down` 1) or came up (0) at `time`.
@_cdecl("t9_key")
func t9Key(_ down: Int32, _ key: Int32, _ time: Double) {
  guard let page, key >= 0, Int(key) < Key.allCases.count else { return }
  page.phone.session.key(down != 0 ? .press : .release, Key.allCases[Int(key)], at: instant(time))
}

/// Moves the phone's clock to `time`.
@_cdecl("t9_advance")
func t9Advance(_ time: Double) {
  page?.phone.session.advance(to: instant(time))
}

/// When the phone next needs the clock (milliseconds), or -1.
@_cdecl("t9_deadline")
func t9Deadline() -> Double {
  guard let deadline = page?.phone.session.nextDeadline else { return -1 }
  return Double(deadline.microseconds) / 1000
}

/// Draws what the phone shows at `time` into the pixels (`t9_pixels`):
/// width << 16 | height, or -1 when they already show it.
@_cdecl("t9_draw")
func t9Draw(_ scale: Int32, _ palette: Int32, _ time: Double) -> Int32 {
  guard let page else { return 0 }
  let frame = page.phone.session.frame
  let phase = page.blink.phase(of: frame, at: instant(time).microseconds)
  let chosen = options(scale: scale, palette: palette, phase: phase)
  if let drawn = page.drawn, drawn.frame == frame, drawn.options == chosen { return -1 }
  let drawn = PagePicture.draw(frame, options: chosen, into: &pixels)
  page.drawn = (frame, chosen)
  return size(drawn.width, drawn.height)
}

/// The drawn pixels, RGBA.
@_cdecl("t9_pixels")
func t9Pixels() -> UnsafeMutableRawPointer? {
  pixels.withUnsafeMutableBytes { $0.baseAddress }
}

/// The glass's rows and the focused field, as text (`PageText`).
@_cdecl("t9_text")
func t9Text() -> Int32 {
  guard let page else { return give("") }
  let frame = page.phone.session.frame
  return give(PageText.lines(of: frame, phone: page.phone.session.phone))
}

/// Runs the scenario steps in `input`: 0, or 1 with what failed.
@_cdecl("t9_perform")
func t9Perform(_ count: Int32) -> Int32 {
  guard let page else { return 2 }
  let text = String(decoding: input[0..<Int(count)], as: UTF8.self)
  guard let problem = page.phone.perform(text) else {
    _ = give("")
    return 0
  }
  _ = give(problem)
  return 1
}

/// Starts recording the session; taps held `tapHold` milliseconds are
/// written as `tap`.
@_cdecl("t9_record")
func t9Record(_ tapHold: Double) {
  page?.phone.session.startRecording(
    tapHold: .milliseconds(Int64(tapHold)),
    comments: ["recorded in the page (t9phone.html)"])
}

/// The recording as a scenario; -1 when not recording.
@_cdecl("t9_recording")
func t9Recording() -> Int32 {
  guard let page, let text = page.phone.session.recording() else { return -1 }
  return give(text)
}

/// The contacts as a vCard file; -1 when there are none.
@_cdecl("t9_contacts")
func t9Contacts() -> Int32 {
  guard let page, let text = page.phone.contactsText else { return -1 }
  return give(text)
}

/// The phone's state as a web bundle with the settings in `input`.
@_cdecl("t9_save")
func t9Save(_ count: Int32) -> Int32 {
  guard let page else { return -1 }
  let bundle = page.phone.savedState(settings: Array(input[0..<Int(count)]))
  output = bundle.encoded()
  return Int32(output.count)
}

/// Replays the web bundle in `input`; the replay's lines (`PageReplay`).
@_cdecl("t9_replay")
func t9Replay(_ count: Int32) -> Int32 {
  let replayed: PageReplay
  switch WebBundle.decode(Array(input[0..<Int(count)])) {
  case .failure(let error): return give("ERROR " + error.message + "\n")
  case .success(let bundle): replayed = PageReplay(bundle)
  }
  replay = replayed
  return give(replayed.text)
}

/// Draws the replay's frame `index` (as `replay --png` draws it):
/// width << 16 | height, 0 for no such frame.
@_cdecl("t9_replay_draw")
func t9ReplayDraw(_ index: Int32, _ scale: Int32, _ palette: Int32) -> Int32 {
  guard let replay, index >= 0, Int(index) < replay.result.frames.count else { return 0 }
  page?.drawn = nil
  let drawn = PagePicture.draw(
    replay.result.frames[Int(index)].frame,
    options: options(scale: scale, palette: palette, phase: replay.blinkPhases[Int(index)]),
    into: &pixels)
  return size(drawn.width, drawn.height)
}

/// The replay's frame `index` as text rows.
@_cdecl("t9_replay_text")
func t9ReplayText(_ index: Int32) -> Int32 {
  guard let replay, index >= 0, Int(index) < replay.result.frames.count else { return give("") }
  var text = ""
  for row in TextFrameRenderer.rows(of: replay.result.frames[Int(index)].frame) {
    text += row + "\n"
  }
  return give(text)
}
