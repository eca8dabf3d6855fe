import ArgumentParser
import Board
import Host
import SMS

/// `t9phone sms encode|decode`: the PDU codec the modem driver uses, for
/// other tools and for checking a modem's PDUs by hand.
struct SMSCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sms",
    abstract: "Encode and decode SMS PDUs as AT+CMGS sends and AT+CMGR shows them.",
    subcommands: [Encode.self, Decode.self]
  )

  /// `t9phone sms encode --to NUMBER [--ref N] [--report] TEXT`.
  struct Encode: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "encode",
      abstract: "Print the SMS-SUBMIT PDUs of a message, one uppercase hex line per part.",
      discussion: """
        Each line is what AT+CMGS sends: 00 (the modem's default SMSC), message
        reference 00, no validity period, number type 91 for + numbers and 81
        otherwise, GSM-7 when every character is in the GSM alphabet, else UCS-2.
        A long message is split into parts of 153 septets (67 UCS-2 units) that
        share the concatenation reference N (16-bit when N > 255: 152 and 66).
        AT+CMGS's length is the line's bytes less one.
        """)

    @Option(help: "The recipient: digits, * and #, with a leading + if international.")
    var to: String

    @Option(help: "The concatenation reference of a long message (0-65535).")
    var ref: Int = 0

    @Flag(help: "Request a status report.")
    var report = false

    @Argument(help: "The message text.")
    var text: String

    func run() throws {
      guard let recipient = PhoneAddress(number: to) else {
        throw CLIError("--to: not a phone number (digits, * and #, up to 20, + first): '\(to)'")
      }
      guard (0...0xFFFF).contains(ref) else {
        throw CLIError("--ref: \(ref) is not a reference from 0 to 65535")
      }
      let encoder = SubmitEncoder(
        recipient: recipient, requestsStatusReport: report, reference: ref)
      do {
        for pdu in try encoder.encode(Array(text.unicodeScalars)) { print(Hex.string(pdu)) }
      } catch .tooLong(let parts) {
        throw CLIError("the message needs \(parts) parts; at most 255 can be joined")
      }
    }
  }

  /// `t9phone sms decode HEX`.
  struct Decode: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "decode",
      abstract: "Print one PDU's fields, one 'name: value' line each.",
      discussion: """
        HEX is one PDU as AT+CMGR shows it, the SMSC field first. The lines are,
        in this order: type, from or to, time (ISO 8601 with the PDU's offset;
        for a status report the discharge time), encoding, part (I/N ref R, only
        when concatenated), status (status reports only), text (with \\ as \\\\,
        newline as \\n, tab as \\t; 8-bit data as hex). A PDU that cannot be read
        exits 2 with the byte offset of the fault.
        """)

    @Argument(help: "The PDU in hex.")
    var hex: String

    func run() throws {
      var bytes: [UInt8] = []
      var text: [Unicode.Scalar] = []
      do {
        try Hex.decode(hex.utf8.filter { $0 != 0x20 }, into: &bytes)
        let fields = try PDUDecoder.decode(bytes, text: &text)
        print(PDUDescription.lines(fields, text: text), terminator: "")
      } catch {
        throw CLIError("cannot read the PDU at \(error)")
      }
    }
  }
}
