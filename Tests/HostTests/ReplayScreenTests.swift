import DisplayDriver
import Host
import Testing

@Test func theBusLineSaysBytesTransfersPausesAndTimeAt100kHz() {
  var statistics = BusStatistics()
  statistics.bytesSent = 18
  statistics.transfers = 1
  let line = ReplayScreen.busLine(statistics)
  #expect(line.hasPrefix("18 bytes in 1 transfer, 0.0 ms of pauses, "))
  #expect(line.hasSuffix(" ms at 100 kHz"))
  statistics.transfers = 2
  #expect(ReplayScreen.busLine(statistics).contains("in 2 transfers,"))
}
