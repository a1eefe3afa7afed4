import Foundation
import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore

/// A program found on PATH, for a test that needs it; .ci/run installs the shells and man, so a
/// missing one fails the test rather than skipping it.
func program(_ name: String) -> String? {
  let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
  var found: String?
  for folder in folders where found == nil && access("\(folder)/\(name)", X_OK) == 0 {
    found = "\(folder)/\(name)"
  }
  if found == nil { Issue.record("\(name) is not installed (.ci/run installs it)") }
  return found
}

/// The files `make install` puts under a prefix, each where its program looks.
let installedFiles = [
  "bin/islet", "share/man/man1/islet.1", "share/bash-completion/completions/islet",
  "share/zsh/site-functions/_islet", "share/fish/vendor_completions.d/islet.fish",
]

@Suite struct InstallTests {
  let islet = Sandbox()

  func make(_ arguments: String...) throws -> Run {
    try Binary.run(
      ["-C", checkout] + arguments, environment: islet.environment,
      executable: program("make") ?? "/usr/bin/make")
  }

  @Test func installPutsEachFileWhereItBelongsAndUninstallRemovesThem() throws {
    let prefix = islet.folder.file("prefix")
    let install = try make("install", "PREFIX=\(prefix)", "BIN=\(Binary.path)")
    #expect(install.status == 0, "\(install)")
    for file in installedFiles {
      #expect(access(prefix + "/" + file, F_OK) == 0, "make install did not install \(file)")
    }
    let version = try Binary.run(
      ["--version"], environment: islet.environment, executable: prefix + "/bin/islet")
    #expect(version.stdout == "islet \(CommandLineInterface.version)\n", "\(version)")
    // What it installed is what the binary prints.
    let man = try String(contentsOfFile: prefix + "/share/man/man1/islet.1", encoding: .utf8)
    #expect(man == ManPage.text)
    let fish = try String(
      contentsOfFile: prefix + "/share/fish/vendor_completions.d/islet.fish", encoding: .utf8)
    #expect(fish == CompletionScript.text(for: .fish))

    let uninstall = try make("uninstall", "PREFIX=\(prefix)")
    #expect(uninstall.status == 0, "\(uninstall)")
    for file in installedFiles {
      #expect(access(prefix + "/" + file, F_OK) != 0, "make uninstall left \(file)")
    }
  }

  @Test func destdirStagesUnderThePrefix() throws {
    let stage = islet.folder.file("stage")
    let install = try make("install", "DESTDIR=\(stage)", "PREFIX=/usr/local", "BIN=\(Binary.path)")
    #expect(install.status == 0, "\(install)")
    for file in installedFiles {
      #expect(access(stage + "/usr/local/" + file, F_OK) == 0, "DESTDIR did not stage \(file)")
    }
    #expect(try make("uninstall", "DESTDIR=\(stage)", "PREFIX=/usr/local").status == 0)
    #expect(installedFiles.allSatisfy { access(stage + "/usr/local/" + $0, F_OK) != 0 })
  }

  @Test func theDefaultInstallBuildsReleaseIntoHomeLocal() throws {
    // A dry run: what make would do, without the slow release build.
    let plan = try make("-n", "install")
    #expect(plan.status == 0, "\(plan)")
    #expect(plan.stdout.contains("swift build -c release\n"), "\(plan.stdout)")
    #expect(
      plan.stdout.contains(
        "install -m 755 \".build/release/islet\" \"\(islet.folder.path)/.local/bin/islet\""))
  }
}

@Suite struct ManPageTests {
  let islet = Sandbox()

  /// The page the binary prints, in a file.
  func page() throws -> String {
    let run = try islet.binary("__man")
    #expect(run.status == 0, "\(run)")
    let path = islet.folder.file("islet.1")
    try run.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: ["C.UTF-8", "C"])
  func manRendersItWithoutAWarning(locale: String) throws {
    let path = try page()
    let environment = islet.environment.merging(["LANG": locale, "LC_ALL": locale, "MANWIDTH": "100"]) { $1 }
    let man = program("man") ?? "/usr/bin/man"
    let checked = try Binary.run(["--warnings", "-l", path], environment: environment, executable: man)
    #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked.stderr)")
    #expect(checked.stdout.contains("islet - a timer for the terminal"), "\(checked.stdout.prefix(400))")
  }

  @Test func itSaysEveryCommandAndOptionAsHelpDoes() throws {
    let path = try page()
    let environment = islet.environment.merging(["MANWIDTH": "200"]) { $1 }
    let rendered = try Binary.run(
      ["-l", path], environment: environment, executable: program("man") ?? "/usr/bin/man"
    )
    .stdout
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES",
      "EXAMPLES",
    ] {
      #expect(rendered.contains("\n\(section)\n"), "no \(section) section")
    }
    let lines = rendered.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    // A tag shorter than the indent shares its line with what follows it: --all include ….
    func tags(_ tag: String) -> Bool { lines.contains { $0 == tag || $0.hasPrefix(tag + " ") } }
    for spec in commandSpecs {
      #expect(lines.contains(spec.name), "no heading for \(spec.name)")
      #expect(rendered.contains(spec.summary.prefix(40)), "\(spec.name)'s summary is missing")
      for option in spec.shownOptions {
        #expect(tags(option.label), "\(spec.name)'s \(option.label) is missing")
      }
    }
    for hidden in hiddenSpecs { #expect(!lines.contains(hidden.name), "\(hidden.name) is hidden") }
    for status in ExitStatus.documented {
      #expect(tags(String(status.rawValue)), "exit status \(status.rawValue) is missing")
    }
    #expect(rendered.contains("\nCONFIGURATION\n"), "no CONFIGURATION section")
    // Every key the configuration reads: a key it does not declare is refused.
    for setting in Configuration.settings {
      #expect(tags("\(setting.key) = \(setting.value)"), "the key \(setting.key) is missing")
      #expect(rendered.contains(setting.meaning.prefix(40)), "what \(setting.key) sets is missing")
    }
    #expect((try? Configuration.parse("colour = red").get()) == nil)
  }

  @Test func roffEscapesWhatWouldBeARequestOrAnEscape() {
    #expect(Roff.escape(".start 'x'") == "\\&.start 'x'")
    #expect(Roff.escape("'quoted") == "\\&'quoted")
    #expect(Roff.escape("a\\b --name") == "a\\eb \\-\\-name")
    #expect(
      Roff.paragraphs("One\ntwo.\n\nExamples:\n  islet start\n.end")
        == "One\ntwo.\n.PP\nExamples:\n.RS 2\n.nf\nislet start\n.fi\n.RE\n\\&.end\n")
  }
}

/// `.ci/packages`, which `make run` and `make test` (the README's two set-up commands) run
/// first: it installs what the machine lacks, and says what to install where it cannot.
@Suite struct SetUpTests {
  let islet = Sandbox()

  func packages(_ list: String, path: String? = nil) throws -> Run {
    var environment = islet.environment
    if let path { environment["PATH"] = path }
    return try Binary.run([list], environment: environment, executable: checkout + "/.ci/packages")
  }

  /// Everything the tests use is installed here (they would not run otherwise): nothing to do,
  /// nothing said.
  @Test func aMachineWithEverythingInstalledIsLeftAlone() throws {
    #expect(try packages("run") == Run(status: 0, stdout: "", stderr: ""))
    #expect(try packages("test") == Run(status: 0, stdout: "", stderr: ""))
  }

  /// Without dpkg and apt-get it cannot tell or install: it names what to install and stops.
  @Test func anotherSystemIsToldWhatToInstall() throws {
    let bin = islet.folder.file("bin")
    mkdir(bin, 0o755)
    for tool in ["bash", "id", "grep"] {
      let found = try #require(program(tool))
      symlink(found, bin + "/" + tool)
    }
    let told = try packages("run", path: bin)
    #expect(told.status == 69)
    #expect(
      told.stderr
        == "islet: this is not Debian or Ubuntu (no dpkg or apt-get); install these packages, by your system's names for them, then run this again: pkg-config libncurses-dev libsqlite3-dev libdbus-1-dev\n"
    )
    #expect(try packages("everything").status == 64)
  }

  /// `make test` runs the suite under `Tests/leftovers`: a process the suite starts and leaves
  /// running, however detached, fails the run by its command line; a clean run keeps its status.
  @Test func aProcessLeftBehindFailsTheRunNamingIt() throws {
    let leftovers = checkout + "/Tests/leftovers"
    let environment = islet.environment.merging(["LEFTOVERS_GRACE": "1"]) { $1 }
    let orphan = try Binary.run(
      ["sh", "-c", "setsid sleep 120 >/dev/null 2>&1 & exit 0"], environment: environment,
      executable: leftovers)
    #expect(orphan.status == 1)
    #expect(orphan.stderr.contains("left 1 process(es) behind"), "\(orphan.stderr)")
    #expect(orphan.stderr.contains(": sleep 120\n"), "\(orphan.stderr)")
    let clean = try Binary.run(["sh", "-c", "exit 3"], environment: environment, executable: leftovers)
    #expect(clean == Run(status: 3, stdout: "", stderr: ""))
  }
}
