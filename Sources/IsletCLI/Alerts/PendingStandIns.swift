// Stand-ins until the D-Bus and tmux channels land; removed at their merge.
import IsletUI

final class DesktopNotifier {
  struct Failure: Error { var reason: String }
  enum Signal {
    case actionInvoked(id: UInt32, key: String), closed(id: UInt32, reason: UInt32), disconnected
  }
  static func connect(environment: [String: String]) -> Result<DesktopNotifier, Failure> {
    .failure(Failure(reason: "not built yet"))
  }
  var capabilities: Set<String> = []
  var server = ""
  var fileDescriptor: Int32 = -1
  func notify(_ alert: Alert, replacing: UInt32?) -> UInt32? { nil }
  func close(_ id: UInt32) {}
  func signals() -> [Signal] { [] }
}
