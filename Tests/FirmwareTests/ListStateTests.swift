import Firmware
import Testing

@Test("moving wraps and keeps the highlight visible")
func listState_moveWrapsAndScrolls() {
  var state = ListState()
  state.move(by: -1, count: 5, visibleRows: 2)
  #expect(state.selected == 4)
  #expect(state.top == 3)
  state.move(by: 1, count: 5, visibleRows: 2)
  #expect(state.selected == 0)
  #expect(state.top == 0)
}
