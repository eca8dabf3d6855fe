import Testing
import TextEntry

@Test("the key 1 cycle is the documented list, ending with 1")
func symbols_keyOneCycle() {
  let text = String(String.UnicodeScalarView(Symbols.keyOneCycle))
  #expect(text == ".,?!'\"-()@/:;1")
}

@Test("symbol tables hold only what the field accepts")
func symbols_filteredTables() {
  #expect(Symbols.table(for: .number).isEmpty)
  #expect(Symbols.table(for: .phone) == ["+", "p", "w", "*", "#"])
  #expect(Symbols.table(for: .name).allSatisfy { ContentType.name.accepts($0) })
  #expect(Symbols.table(for: .text).contains("\n"))
}
