import IsletCore

/// Bytes shown safely in a one-line message: UTF-8 as text (control characters escaped), any
/// other byte as `\xFF`.
package func escaped(_ bytes: [UInt8], limit: Int = 80) -> String {
  var out = ""
  // Counted as it goes: `out.count` would count a long run of marks again at every step.
  var shown = 0
  var parser = Unicode.UTF8.ForwardParser()
  var iterator = bytes.makeIterator()
  var index = 0
  while true {
    switch parser.parseScalar(from: &iterator) {
    case .emptyInput:
      return out
    case .valid(let encoded):
      guard shown < limit else { return out + "…" }
      shown += 1
      let text = String(decoding: encoded, as: UTF8.self)
      out += text == "\\" ? "\\\\" : printable(text)
      index += encoded.count
    case .error(let length):
      for byte in bytes[index..<index + length] {
        guard shown < limit else { return out + "…" }
        shown += 1
        out += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
      index += length
    }
  }
}
