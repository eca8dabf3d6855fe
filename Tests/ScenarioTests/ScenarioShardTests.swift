import Scenario
import Testing

@Test("--shard takes I/N with whole numbers 1 ≤ I ≤ N")
func scenarioShard_parses() throws {
  let shard = try #require(ScenarioShard("2/3"))
  #expect(shard.index == 2)
  #expect(shard.count == 3)
  #expect(shard.description == "2/3")
  #expect(ScenarioShard("1/1") != nil)
  #expect(ScenarioShard("3/3") != nil)
}

@Test(
  "anything but I/N with 1 ≤ I ≤ N is refused",
  arguments: [
    "0/3", "4/3", "3", "a/b", "1/0", "0/0", "-1/3", "1/-3", "1/3/4", "", "/3", "1/", " 1/3", "1/3 ",
    "+1/3", "1.0/3", "99999999999999999999/3",
  ])
func scenarioShard_refuses(_ text: String) {
  #expect(ScenarioShard(text) == nil)
}

@Test("the hash is 64-bit FNV-1a, the same on every machine and run")
func scenarioShard_hash() {
  #expect(ScenarioShard.hash("") == 0xcbf2_9ce4_8422_2325)
  #expect(ScenarioShard.hash("a") == 0xaf63_dc4c_8601_ec8c)
  #expect(ScenarioShard.hash("foobar") == 0x8594_4171_f739_67e8)
}

private let paths = (0..<300).map { "folder\($0 % 7)/scenario-\($0).scenario" }

@Test("the N shards hold every scenario exactly once", arguments: 1...7)
func scenarioShard_partition(_ count: Int) throws {
  var shards: [ScenarioShard] = []
  for index in 1...count { shards.append(try #require(ScenarioShard(index: index, of: count))) }
  for path in paths {
    #expect(shards.filter { $0.contains(path) }.count == 1, "\(path)")
  }
}

@Test("a scenario's shard depends on its path alone, so adding files moves no other")
func scenarioShard_stable() throws {
  let shard = try #require(ScenarioShard("2/3"))
  let before = paths.prefix(100).filter { shard.contains($0) }
  let after = paths.filter { shard.contains($0) }
  #expect(Array(after.prefix(before.count)) == before)
  #expect(after.count > before.count)
}

@Test("three shards of 300 paths are each between a fifth and a half of them")
func scenarioShard_spread() throws {
  for index in 1...3 {
    let shard = try #require(ScenarioShard(index: index, of: 3))
    let count = paths.filter { shard.contains($0) }.count
    #expect(count >= 60 && count <= 150, "shard \(index): \(count)")
  }
}
