import SMS

/// What the store did with a message to send or keep.
public enum ComposeOutcome: Sendable, Hashable {
  /// Stored, all its parts.
  case stored(id: UInt32)
  /// Not enough free slots: `needed` parts, fewer free.
  case full(needed: Int)
}

extension MessageBox {
  /// Stores a message the phone wrote: queued in the outbox, or a draft.
  /// Its parts are split as they will go out, and written first part
  /// last.
  public mutating func compose(
    to recipient: PhoneAddress, text: [Unicode.Scalar], asDraft: Bool = false,
    now: SMSTimestamp
  ) -> ComposeOutcome {
    let ranges = SubmitEncoder.parts(of: text, wideReference: false)
    guard ranges.count <= 255, freeSlots >= ranges.count else {
      return .full(needed: ranges.count)
    }
    let id = takeID()
    let ucs2 = SubmitEncoder.alphabet(for: text) == .ucs2
    for index in Array(ranges.indices.dropFirst()) + [0] {
      guard let slot = freeSlot() else { return .full(needed: ranges.count) }
      encode(text[ranges[index]])
      write(
        NewPart(
          folder: asDraft ? .drafts : .outbox, status: asDraft ? .draft : .queued, id: id,
          part: index + 1, total: ranges.count, reference: Int(id & 0xFF), isWide: false,
          isUCS2: ucs2, address: recipient, time: now, arrived: now),
        to: slot)
    }
    return .stored(id: id)
  }

  /// The slot of the next part to send: the oldest message's first queued
  /// part.
  public var nextQueuedPart: Int? {
    guard queuedParts > 0 else { return nil }
    var best: Int? = nil
    for slot in 0..<capacity where folder(slot) == .outbox && status(slot) == .queued {
      if let current = best, (id(current), part(current)) <= (id(slot), part(slot)) { continue }
      best = slot
    }
    return best
  }

  /// How many times the part in `slot` was tried (0: never, or queued
  /// again by hand).
  public func attempts(ofPart slot: Int) -> Int { attempts(slot) }

  /// The message a part slot belongs to.
  public func messageID(ofPart slot: Int) -> UInt32 { id(slot) }

  /// The SMS-SUBMIT PDU of the part in `slot`, appended to `pdu`; `text`
  /// is scratch for the part's characters (160 reserved: no allocation).
  public func submitPDU(
    ofPart slot: Int, requestsStatusReport: Bool = false, text: inout [Unicode.Scalar],
    into pdu: inout [UInt8]
  ) {
    text.removeAll(keepingCapacity: true)
    appendText(slot, to: &text)
    let total = total(slot)
    let encoder = SubmitEncoder(
      recipient: address(slot), requestsStatusReport: requestsStatusReport,
      reference: reference(slot))
    encoder.encodePart(
      text[...], alphabet: isUCS2(slot) ? .ucs2 : .gsm7,
      concatenation: total > 1
        ? Concatenation(
          reference: reference(slot), total: total, sequence: part(slot), isWide: isWide(slot))
        : nil,
      into: &pdu)
  }

  /// The network took the part: sent, with the reference its status
  /// report will carry.
  public mutating func partSent(_ slot: Int, networkReference: Int) {
    images[slot * MessageRecord.size + MessageRecord.networkReferenceOffset] = UInt8(
      truncatingIfNeeded: networkReference)
    setStatus(slot, .sent)
  }

  /// The part was not sent: it stays queued for another try, unless the
  /// failure is final or it has had `maximumAttempts`; then it (and the
  /// message) is failed. Returns whether it was given up on.
  @discardableResult
  public mutating func partNotSent(_ slot: Int, final: Bool, maximumAttempts: Int = 3) -> Bool {
    let attempts = attempts(slot) + 1
    images[slot * MessageRecord.size + MessageRecord.attemptsOffset] = UInt8(
      Swift.min(attempts, 255))
    let giveUp = final || attempts >= maximumAttempts
    setStatus(slot, giveUp ? .failed : .queued)
    return giveUp
  }

  /// Queues a failed message's parts again, their attempts reset.
  public mutating func retry(id: UInt32) {
    for slot in 0..<capacity where folder(slot) == .outbox && self.id(slot) == id {
      guard status(slot) == .failed else { continue }
      images[slot * MessageRecord.size + MessageRecord.attemptsOffset] = 0
      setStatus(slot, .queued)
    }
  }
}
