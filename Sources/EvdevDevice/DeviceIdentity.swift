/// A device's ids as the kernel reports them (`struct input_id`): what an
/// evemu recording's `I:` line holds and what a udev rule matches.
public struct DeviceIdentity: Sendable, Hashable {
  /// The bus (`BUS_USB` is 0x03).
  public var busType: UInt16
  /// The vendor id.
  public var vendor: UInt16
  /// The product id.
  public var product: UInt16
  /// The version.
  public var version: UInt16

  /// Creates an identity.
  public init(busType: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0) {
    self.busType = busType
    self.vendor = vendor
    self.product = product
    self.version = version
  }
}
