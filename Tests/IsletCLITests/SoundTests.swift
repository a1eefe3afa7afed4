import Foundation
import IsletCLITestSupport
import IsletRuntime
import IsletTestSupport
import Testing

@testable import IsletCLI

/// The sound channel's choice: the configured command, else the first player on PATH with a
/// sound of the freedesktop theme where the XDG base directories say data lives.
@Suite struct SoundTests {
  let folder = TemporaryFolder()

  /// A folder of executables named `players`, and one holding the theme's files `sounds`.
  func world(players: [String], sounds: [String]) throws -> [String: String] {
    let bin = folder.file("bin")
    let stereo = folder.file("data/sounds/freedesktop/stereo")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: stereo, withIntermediateDirectories: true)
    for player in players {
      _ = FileManager.default.createFile(atPath: "\(bin)/\(player)", contents: Data("#!/bin/sh\n".utf8))
      chmod("\(bin)/\(player)", 0o755)
    }
    for sound in sounds { _ = FileManager.default.createFile(atPath: "\(stereo)/\(sound)", contents: Data()) }
    return ["PATH": bin, "XDG_DATA_DIRS": folder.file("data"), "HOME": folder.file("home")]
  }

  @Test func theConfiguredCommandComesFirst() throws {
    let environment = try world(players: ["paplay"], sounds: ["complete.oga"])
    #expect(Sound.choose(command: "mpv ding.ogg", environment: environment) == .command("mpv ding.ogg"))
  }

  @Test func theFirstPlayerFoundPlaysTheThemesAlarm() throws {
    let environment = try world(
      players: ["paplay", "pw-play"], sounds: ["complete.oga", "alarm-clock-elapsed.oga"])
    let stereo = folder.file("data/sounds/freedesktop/stereo")
    #expect(
      Sound.choose(command: nil, environment: environment)
        == .player(folder.file("bin/pw-play"), file: "\(stereo)/alarm-clock-elapsed.oga"))
  }

  /// aplay reads WAV only: with nothing but Ogg sounds it has nothing to play.
  @Test func aplayNeedsAWave() throws {
    let environment = try world(players: ["aplay"], sounds: ["complete.oga"])
    #expect(
      Sound.choose(command: nil, environment: environment)
        == .none(
          reason:
            "no sound found in the freedesktop sound theme (Debian's sound-theme-freedesktop); or set sound = COMMAND"
        ))
  }

  @Test func noPlayerSaysSo() throws {
    let environment = try world(players: [], sounds: ["complete.oga"])
    #expect(
      Sound.choose(command: nil, environment: environment)
        == .none(reason: "no player found (pw-play, paplay or aplay); or set sound = COMMAND"))
  }
}
