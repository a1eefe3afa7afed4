#if canImport(Glibc)
  import Glibc
#endif

/// Where a command's output goes: normal output and help to `out`, errors to `err`.
public protocol Console: AnyObject {
  func out(_ text: String)
  func err(_ text: String)
  /// Whether normal output goes to a terminal (and so may be colored).
  var isTerminal: Bool { get }
  /// Why normal output stopped arriving (an errno: `ENOSPC`, `EBADF`, `EPIPE`, …), from the first
  /// write that failed; nil while all of it arrived. Nothing more is written after it.
  var outputFailure: Int32? { get }
  /// Asks `question` on the terminal and reads `y` or `n`: true for yes; nil when there is no
  /// terminal to ask on (stdin and stderr), so the caller refuses instead of guessing.
  func ask(_ question: String) -> Bool?
}

/// The process's stdout and stderr, written at once (no buffer to lose at exit).
///
/// A failed write is remembered, not retried: `CommandLineInterface.run` turns it into exit 74
/// and `islet: write error: …`, or a quiet exit when the reader has gone (`EPIPE`). A failed
/// write to stderr cannot be reported anywhere, so it only stops further writes there.
public final class StandardConsole: Console {
  public private(set) var outputFailure: Int32?
  private var errorFailed = false

  /// Also holds descriptors 0, 1 and 2 if they are closed (`islet list >&-`), with /dev/null
  /// opened the wrong way round: using one still fails as a closed one does (`EBADF`), and no
  /// file Islet opens later (a store, a configuration) can land on it and receive its output.
  public init() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      _ = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
    }
  }

  public func out(_ text: String) {
    guard outputFailure == nil else { return }
    outputFailure = Self.write(1, text)
  }

  public func err(_ text: String) {
    guard !errorFailed else { return }
    errorFailed = Self.write(2, text) != nil
  }

  public var isTerminal: Bool { isatty(1) == 1 }

  public func ask(_ question: String) -> Bool? {
    guard isatty(0) == 1, isatty(2) == 1 else { return nil }
    err(question + " [y/n] ")
    // One line, byte by byte: nothing after it is read from stdin.
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(0, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 || byte == UInt8(ascii: "\n") { break }
      line.append(byte)
    }
    let answer = String(decoding: line, as: UTF8.self).lowercased().filter { !$0.isWhitespace }
    return answer == "y" || answer == "yes"
  }

  /// Writes all of `text`; the errno that stopped it, or nil.
  private static func write(_ fd: Int32, _ text: String) -> Int32? {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if written > 0 {
        offset += written
      } else if written == 0 {
        return EIO
      } else if errno == EINTR {
        continue
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        // A descriptor left non-blocking by whoever shares it: wait until it takes more.
        var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        if poll(&ready, 1, -1) < 0 && errno != EINTR { return errno }
      } else {
        return errno
      }
    }
    return nil
  }
}

/// Keeps what a command printed, for tests and for callers that want the text.
public final class RecordingConsole: Console {
  public private(set) var stdout = ""
  public private(set) var stderr = ""
  public var isTerminal = false
  /// What `ask` answers; nil, as with no terminal, refuses.
  public var answer: Bool?
  public private(set) var asked: [String] = []
  /// Set it to make normal output fail from the next write on, as a full disk does (`ENOSPC`).
  public var outputFailure: Int32?
  public init() {}
  public func out(_ text: String) { if outputFailure == nil { stdout += text } }
  public func err(_ text: String) { stderr += text }
  public func ask(_ question: String) -> Bool? {
    asked.append(question)
    return answer
  }
}
