import SMS

extension MessageBox {
  /// The messages of `folder`, oldest first. An inbox message still
  /// missing parts is left out until `partialAfter` seconds after the
  /// phone stored its newest part, then shown as partial.
  public func messages(
    in folder: MessageFolder, now: SMSTimestamp? = nil, partialAfter: Int = 0
  ) -> [MessageSummary] {
    var result: [MessageSummary] = []
    for slot in 0..<capacity {
      guard self.folder(slot) != nil, !result.contains(where: { $0.id == id(slot) }),
        let summary = summary(id: id(slot)), summary.folder == folder
      else { continue }
      if summary.status == .partial, let now,
        now.secondsSince2000 - newestArrival(id: summary.id) < partialAfter
      {
        continue
      }
      result.append(summary)
    }
    result.sort {
      let left = $0.time?.secondsSince2000 ?? 0
      let right = $1.time?.secondsSince2000 ?? 0
      return left != right ? left < right : $0.id < $1.id
    }
    return result
  }

  /// When the phone stored message `id`'s newest part.
  func newestArrival(id: UInt32) -> Int {
    var newest = Int.min
    for slot in 0..<capacity where folder(slot) != nil && self.id(slot) == id {
      newest = Swift.max(newest, arrived(slot))
    }
    return newest
  }

  /// Message `id` taken as a whole, if the store holds any of it.
  public func summary(id: UInt32) -> MessageSummary? {
    var result: MessageSummary? = nil
    var anyUnread = false
    var anyFailed = false
    var anyQueued = false
    var allDelivered = true
    var newest: SMSTimestamp? = nil
    for slot in 0..<capacity where folder(slot) != nil && self.id(slot) == id {
      let status = status(slot)
      anyUnread = anyUnread || status == .unread
      anyFailed = anyFailed || status == .failed
      anyQueued = anyQueued || status == .queued
      allDelivered = allDelivered && status == .delivered
      if let time = time(slot), newest.map({ $0 < time }) ?? true { newest = time }
      if var summary = result {
        summary.parts += 1
        result = summary
      } else {
        result = MessageSummary(
          id: id, folder: folder(slot) ?? .inbox, status: status, address: address(slot),
          time: time(slot), parts: 1, total: total(slot))
      }
    }
    guard var summary = result else { return nil }
    switch summary.folder {
    case .inbox:
      summary.status = summary.parts < summary.total ? .partial : anyUnread ? .unread : .read
      summary.time = newest ?? summary.time
    case .outbox, .sent:
      if anyFailed {
        summary.status = .failed
      } else if anyQueued || summary.parts < summary.total {
        summary.status = .queued
      } else {
        summary.status = allDelivered ? .delivered : .sent
        summary.folder = .sent
      }
    case .drafts:
      summary.status = .draft
    }
    return summary
  }

  /// Appends message `id`'s text, its parts in order (a missing part
  /// leaves a gap), to `text`.
  public func text(of id: UInt32, into text: inout [Unicode.Scalar]) {
    guard
      let total = (0..<capacity).first(where: { folder($0) != nil && self.id($0) == id })
        .map({ self.total($0) })
    else { return }
    for part in 1...Swift.max(1, total) {
      guard
        let slot = (0..<capacity).first(where: {
          folder($0) != nil && self.id($0) == id && self.part($0) == part
        })
      else { continue }
      appendText(slot, to: &text)
    }
  }

  /// Appends the text of the part in `slot`.
  func appendText(_ slot: Int, to text: inout [Unicode.Scalar]) {
    var decoder = UTF8()
    var iterator = textBytes(slot).makeIterator()
    while case .scalarValue(let scalar) = decoder.decode(&iterator) { text.append(scalar) }
  }

  /// Marks message `id` read.
  public mutating func markRead(id: UInt32) {
    for slot in 0..<capacity where folder(slot) == .inbox && self.id(slot) == id {
      if status(slot) == .unread { setStatus(slot, .read) }
    }
  }

  /// Deletes message `id`, its first part first (no list is built: a
  /// deletion allocates nothing).
  public mutating func delete(id: UInt32) {
    var part = 1
    var left = partsHeld(id: id)
    while left > 0, part <= 255 {
      for slot in 0..<capacity
      where folder(slot) != nil && self.id(slot) == id && self.part(slot) == part {
        free(slot)
        left -= 1
      }
      part += 1
    }
  }
}
