import Foundation
import IsletCLITestSupport
import Testing

/// What `swift build -c release` makes, the command a Swift user types: a fully static,
/// stripped binary, built without a word of warning from the compiler or the linker (lld prints
/// none of glibc's notes on static links, which bfd and gold would).
/// Built in a folder of its own, as the test run holds the usual one.
@Suite struct ReleaseBuildTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.path

  @Test(.timeLimit(.minutes(20)))
  func theReleaseBuildIsStaticStrippedAndQuiet() throws {
    let buildPath = Self.root + "/.build/release-check"
    let build = try Binary.run(
      ["swift", "build", "-c", "release", "--package-path", Self.root, "--build-path", buildPath],
      environment: ProcessInfo.processInfo.environment, executable: "/usr/bin/env")
    #expect(build.status == 0, "the release build failed:\n\(build.stdout)\(build.stderr)")
    let said = (build.stdout + build.stderr).split(separator: "\n").filter { $0.contains("warning") }
    #expect(said.isEmpty, "the release build warned:\n\(said.joined(separator: "\n"))")

    let binary = buildPath + "/release/islet"
    let elf = try ELF(Array(Data(contentsOf: URL(fileURLWithPath: binary))))
    #expect(!elf.programHeaders.contains(ELF.interpreter), "it asks for a dynamic loader")
    #expect(!elf.programHeaders.contains(ELF.dynamic), "it has a dynamic section")
    #expect(!elf.sectionTypes.contains(ELF.symbolTable), "it is not stripped")
    let run = try Binary.run(["--version"], environment: [:], executable: binary)
    #expect(run.status == 0 && run.stdout.hasPrefix("islet "), "\(run)")
  }
}

/// Just enough of a 64-bit little-endian ELF file to say how it links.
struct ELF {
  static let interpreter: UInt32 = 3  // PT_INTERP
  static let dynamic: UInt32 = 2  // PT_DYNAMIC
  static let symbolTable: UInt32 = 2  // SHT_SYMTAB

  var programHeaders: [UInt32] = []
  var sectionTypes: [UInt32] = []

  struct NotELF: Error {}

  init(_ bytes: [UInt8]) throws {
    guard bytes.count > 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2, bytes[5] == 1 else {
      throw NotELF()
    }
    func integer(_ at: Int, _ size: Int) throws -> Int {
      guard at >= 0, at + size <= bytes.count else { throw NotELF() }
      return (0..<size).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    let (phoff, phentsize, phnum) = (try integer(32, 8), try integer(54, 2), try integer(56, 2))
    let (shoff, shentsize, shnum) = (try integer(40, 8), try integer(58, 2), try integer(60, 2))
    programHeaders = try (0..<phnum).map { UInt32(try integer(phoff + $0 * phentsize, 4)) }
    sectionTypes = try (0..<shnum).map { UInt32(try integer(shoff + $0 * shentsize + 4, 4)) }
  }
}
