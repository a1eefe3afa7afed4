// The fuzz entry point: one binary for every parser, the parser chosen by ISLET_FUZZ_TARGET.
// Built by fuzz/run with -sanitize=fuzzer,address over the parser sources (one module).
#if canImport(Glibc)
  import Glibc
#endif

enum FuzzTarget: String {
  case duration, configuration, theme, arguments, plan
}

let fuzzTarget: FuzzTarget = {
  guard let name = getenv("ISLET_FUZZ_TARGET").map({ String(cString: $0) }),
    let target = FuzzTarget(rawValue: name)
  else { fatalError("set ISLET_FUZZ_TARGET to duration, configuration, theme, arguments or plan") }
  return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
  let text = String(decoding: bytes, as: UTF8.self)
  switch fuzzTarget {
  case .duration:
    // Whatever is accepted is a positive span within the limit, and a signed one within it too.
    if case .success(let span) = DurationText.parse(text) {
      precondition(
        span > 0 && span <= DurationText.maximum, "accepted \(span) ms from \(text.debugDescription)")
      // A clock the program prints reads back as the same whole seconds.
      if span >= 1000 {
        let shown = DurationText.clock(seconds: span / 1000)
        guard case .success(let again) = DurationText.parse(shown) else {
          preconditionFailure("\(shown) does not read back")
        }
        precondition(again == span / 1000 * 1000, "\(shown) read back as \(again) ms")
      }
    }
    // What start reads from words (split as a shell would): spans within the limit, and a
    // refusal that says what was typed.
    switch DurationReading.of(text.split(separator: " ").map(String.init)) {
    case .success(.one(let span)):
      precondition(span > 0 && span <= DurationText.maximum, "read \(span) ms from \(text.debugDescription)")
    case .success(.workAndBreak(let work, let rest)):
      precondition(
        [work, rest].allSatisfy { $0 > 0 && $0 <= DurationText.maximum },
        "read \(work)/\(rest) ms from \(text.debugDescription)")
    case .failure(let failure):
      precondition(!failure.message.isEmpty)
    }
    if case .success(let span) = DurationText.parseSigned(text) {
      precondition(span != 0 && abs(span) <= DurationText.maximum)
    }
    if let time = TimeOfDay(text) {
      precondition((0..<24).contains(time.hour) && (0..<60).contains(time.minute))
    }
    // A date word names a stretch that does not end before it starts, in a zone that moves.
    let now = Instant(seconds: 1_796_225_400)
    let zone = LocalZone { seconds in seconds % 7_776_000 < 3_888_000 ? 3600 : 7200 }
    if let stretch = DateWord.parse(text, now: now, zone: zone) {
      precondition(stretch.start <= stretch.end, "\(text.debugDescription) ends before it starts")
    }
  case .configuration:
    // The bytes as the file holds them; what is accepted is plain text within its bounds.
    if case .success(let configuration) = Configuration.parse(bytes) {
      precondition(configuration.maxIdle >= 0 && configuration.staleAfter >= 0)
      for path in [configuration.theme, configuration.hooks].compactMap({ $0 }) {
        precondition(UserText.problem(with: path, bounds: .path) == nil, "accepted \(path.debugDescription)")
      }
      precondition(UserText.problem(with: configuration.icon, bounds: .label) == nil)
    }
  case .theme:
    if case .success(let theme) = Theme.parse(bytes, name: "fuzz") {
      for icon in theme.icons.values {
        precondition(
          (icon.glyph + icon.ascii).unicodeScalars.allSatisfy(UserText.isPrintable)
            && icon.glyph.utf8.count <= Theme.maximumGlyphBytes,
          "accepted the glyph \(icon.glyph.debugDescription)")
      }
      precondition(UserText.problem(with: theme.name, bounds: .label) == nil)
      // What themes --export writes (no name: the file's) reads back as the same theme.
      guard case .success(let again) = Theme.parse(Array(theme.fileText.utf8), name: theme.name) else {
        preconditionFailure("\(theme.fileText.debugDescription) does not read back")
      }
      precondition(again == theme, "\(theme.fileText.debugDescription) read back otherwise")
    }
  case .plan:
    // A plan accepted is within its bounds, and the line the store keeps reads back as it.
    if case .success(let plan) = Plan.parse(name: "fuzz", definition: text) {
      for segment in plan.segments {
        precondition(segment.duration > 0 && segment.duration <= DurationText.maximum)
        precondition(
          UserText.problem(with: segment.label, bounds: .label) == nil,
          "accepted \(segment.label.debugDescription)")
      }
      precondition(
        (1...Plan.maximumRounds).contains(plan.rounds) && (0...Plan.maximumCue).contains(plan.cueSeconds))
      guard case .success(let again) = Plan.parse(name: "fuzz", definition: plan.definition) else {
        preconditionFailure("\(plan.definition.debugDescription) does not read back")
      }
      precondition(
        again == plan, "\(text.debugDescription) read back as \(again.definition.debugDescription)")
    }
  case .arguments:
    // NUL-separated words, as a shell would hand them over, through every command's options.
    let words = text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
    for spec in commandSpecs {
      _ = try? parse(words, options: spec.options, command: spec.name)
    }
    _ = try? parse(words, options: [], command: nil)
  }
  return 0
}
