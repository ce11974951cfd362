/// Every text of device login's step and control, in one language: what
/// ``LoginStrings/device`` holds. `{name}` placeholders are filled in by the methods below.
public struct DeviceLoginStrings: Hashable, Sendable {
  /// The step's heading.
  public var heading: String
  /// The line above the address, which has a line of its own: it is the server's text.
  public var openPage: String
  /// The line above the code.
  public var enterCode: String
  /// The time left; `{time}` as `14:59`.
  public var expiresInTemplate: String
  /// While a poll is in flight, or between polls.
  public var waiting: String
  /// A poll failed and polling goes on; `{message}` is the failure's message.
  public var noticeTemplate: String
  /// The Cancel button.
  public var cancel: String
  /// What a screen reader hears when the step starts; `{code}` is the code spelled in
  /// groups, `{url}` the address.
  public var announcementTemplate: String

  /// The English texts.
  public static let english = DeviceLoginStrings(
    heading: "Sign in with a browser",
    openPage: "Open this page:",
    enterCode: "and enter this code:",
    expiresInTemplate: "The code expires in {time}",
    waiting: "Waiting for approval",
    noticeTemplate: "Still trying: {message}",
    cancel: "Cancel",
    announcementTemplate: "Code {code}. Open {url} and enter it.")

  /// The same texts passed through `transform` (a pseudo-locale, a test's marker).
  public func map(_ transform: (String) -> String) -> DeviceLoginStrings {
    DeviceLoginStrings(
      heading: transform(heading),
      openPage: transform(openPage), enterCode: transform(enterCode),
      expiresInTemplate: transform(expiresInTemplate), waiting: transform(waiting),
      noticeTemplate: transform(noticeTemplate), cancel: transform(cancel),
      announcementTemplate: transform(announcementTemplate))
  }

  /// `The code expires in 14:59`.
  public func expiresIn(seconds: Int) -> String {
    expiresInTemplate.replacing("{time}", with: SecondFactorStrings.clock(seconds))
  }

  /// `Still trying: Unable to connect. …`.
  public func notice(_ message: String) -> String {
    noticeTemplate.replacing("{message}", with: message)
  }

  /// `Code WDJB-MJHT. Open https://example.com/device and enter it.`
  public func announcement(of authorization: DeviceAuthorization) -> String {
    announcementTemplate.replacing("{code}", with: Self.grouped(authorization.userCode))
      .replacing("{url}", with: authorization.verificationURI)
  }

  /// The user code in readable groups of four (`WDJBMJHT` as `WDJB-MJHT`), as RFC 8628
  /// §6.1 suggests; a code that has its own separators is shown as the server wrote it.
  public static func grouped(_ userCode: String) -> String {
    guard userCode.count > groupLength, userCode.allSatisfy({ $0.isLetter || $0.isNumber })
    else { return userCode }
    var groups: [Substring] = []
    var rest = userCode[...]
    while !rest.isEmpty {
      groups.append(rest.prefix(groupLength))
      rest = rest.dropFirst(groupLength)
    }
    return groups.joined(separator: "-")
  }

  /// How many characters a group of the user code has.
  public static let groupLength = 4
}
