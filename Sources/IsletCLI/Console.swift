#if canImport(Glibc)
  import Glibc
#endif

/// Where a command's output goes: normal output and help to `out`, errors to `err`.
public protocol Console: AnyObject {
  func out(_ text: String)
  func err(_ text: String)
  /// Whether normal output goes to a terminal (and so may be colored).
  var isTerminal: Bool { get }
}

/// The process's stdout and stderr.
public final class StandardConsole: Console {
  public init() {}
  public func out(_ text: String) { write(1, text) }
  public func err(_ text: String) { write(2, text) }
  public var isTerminal: Bool { isatty(1) == 1 }

  private func write(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      if written <= 0 { return }
      offset += written
    }
  }
}

/// Keeps what a command printed, for tests and for callers that want the text.
public final class RecordingConsole: Console {
  public private(set) var stdout = ""
  public private(set) var stderr = ""
  public var isTerminal = false
  public init() {}
  public func out(_ text: String) { stdout += text }
  public func err(_ text: String) { stderr += text }
}
