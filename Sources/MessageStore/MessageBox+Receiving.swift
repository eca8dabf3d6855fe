import SMS

/// What the store did with a received PDU.
public enum ReceiveOutcome: Sendable, Hashable {
  /// Stored: a new message, or a part of one it holds.
  case stored(id: UInt32)
  /// The store already holds this part (read again after a power cut
  /// before the modem deleted it): the modem may delete it.
  case duplicate(id: UInt32)
  /// No free slot: the part stays on the modem until room is made.
  case full
  /// A status report, applied to the sent part it reports on (or to
  /// nothing the store holds).
  case report(id: UInt32?)
  /// Not a message for the inbox (a stored SMS-SUBMIT): left on the modem.
  case notStored
  /// A flash message, shown at once and not stored: the modem may delete
  /// it.
  case shown
}

extension MessageBox {
  /// Stores a received part, or applies a status report. `now` is the
  /// phone's time, for a part whose stamp is not valid.
  public mutating func receive(
    _ fields: PDUFields, text: [Unicode.Scalar], now: SMSTimestamp
  ) -> ReceiveOutcome {
    switch fields.kind {
    case .statusReport: return .report(id: applyReport(fields))
    case .submit: return .notStored
    case .deliver: break
    }
    encode(text[...])
    let stamp = fields.time ?? now
    let concatenation = fields.concatenation
    let number = concatenation?.sequence ?? 1
    let count = concatenation?.total ?? 1
    let shared = concatenation?.reference ?? 0
    let wide = concatenation?.isWide ?? false
    var id: UInt32? = nil
    revision &+= 1
    for slot in 0..<capacity where folder(slot) == .inbox && address(slot) == fields.address {
      guard total(slot) == count, reference(slot) == shared, isWide(slot) == wide else {
        continue
      }
      if part(slot) == number {
        if time(slot) == stamp, textBytes(slot).elementsEqual(scratch) {
          return .duplicate(id: self.id(slot))
        }
        continue
      }
      // Another part of a message still missing parts, and not this one.
      if count > 1, id == nil, partsHeld(id: self.id(slot)) < count,
        !holds(id: self.id(slot), part: number)
      {
        id = self.id(slot)
      }
    }
    guard let slot = freeSlot() else { return .full }
    let newID = id ?? takeID()
    write(
      NewPart(
        folder: .inbox, status: .unread, id: newID, part: number, total: count,
        reference: shared, isWide: wide, address: fields.address, time: stamp, arrived: now),
      to: slot)
    return .stored(id: newID)
  }

  /// The id for a new message.
  mutating func takeID() -> UInt32 {
    defer { nextID = nextID == UInt32.max ? 1 : nextID + 1 }
    return nextID
  }

  /// How many parts of message `id` the store holds.
  func partsHeld(id: UInt32) -> Int {
    (0..<capacity).reduce(0) { $0 + (folder($1) != nil && self.id($1) == id ? 1 : 0) }
  }

  func holds(id: UInt32, part: Int) -> Bool {
    (0..<capacity).contains { folder($0) != nil && self.id($0) == id && self.part($0) == part }
  }

  /// Marks the sent part a report is about delivered or failed.
  private mutating func applyReport(_ fields: PDUFields) -> UInt32? {
    guard let status = fields.status else { return nil }
    for slot in 0..<capacity where folder(slot) == .outbox {
      guard self.status(slot) == .sent || self.status(slot) == .delivered,
        networkReference(slot) == Int(fields.messageReference),
        address(slot).text == fields.address.text
      else { continue }
      if status.isDelivered {
        setStatus(slot, .delivered)
      } else if status.isFailed {
        setStatus(slot, .failed)
      }
      return id(slot)
    }
    return nil
  }
}
