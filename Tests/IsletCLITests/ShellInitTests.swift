import Foundation
import IsletCLITestSupport
import IsletCore
import Testing

@testable import IsletCLI

/// `islet shell-init`: what it prints for each shell, and its usage errors.
@Suite struct ShellInitTests {
  @Test func theHookNamesTheBinaryTheFolderAndTheDelayQuotedForItsShell() {
    let islet = "/opt/it's/islet"
    let folder = "/run/user/1000/islet"
    let bash = ShellHook.text(for: .bash, islet: islet, folder: folder, after: 30_000)
    #expect(bash.contains(#"__islet_bin='/opt/it'\''s/islet'"#), "\(bash)")
    #expect(bash.contains("__islet_file='/run/user/1000/islet'/shell-$$"))
    #expect(bash.contains("__islet_after=30000") && bash.contains("after 30s becomes"))
    #expect(!bash.contains("@") && !bash.contains("ISLET_DB"), "every placeholder is filled:\n\(bash)")
    let fish = ShellHook.text(for: .fish, islet: islet, folder: folder, after: 10_000, store: "/a b/x.db")
    #expect(fish.contains(#"set -g __islet_bin '/opt/it\'s/islet'"#), "\(fish)")
    #expect(fish.contains("(ISLET_DB='/a b/x.db' command sh -c"), "\(fish)")
    let zsh = ShellHook.text(for: .zsh, islet: islet, folder: folder, after: 10_000)
    #expect(zsh.contains("add-zsh-hook preexec __islet_preexec") && !zsh.contains("@"))
  }

  @Test func itPrintsTheHookIntoAFolderItMade() {
    let islet = Sandbox()
    let run = islet("shell-init", "zsh")
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.stdout.hasSuffix("fi\n"), "ends in a newline, so that another line may follow")
    #expect(run.stdout.contains("__islet_after=10000"))
    let folder = islet.folder.file("state/islet")
    #expect(run.stdout.contains("__islet_file='\(folder)'/shell-$$"), "\(run.stdout)")
    var info = stat()
    #expect(stat(folder, &info) == 0 && info.st_mode & 0o777 == 0o700)
  }

  @Test(arguments: [
    (["shell-init"], "Error: shell-init needs a shell: bash, zsh, fish"),
    (["shell-init", "tcsh"], "Error: 'tcsh' is not a shell islet hooks; use bash, zsh, fish"),
    (["shell-init", "bash", "--after", "0"], "Error: --after '0' is not a positive duration"),
    (["shell-init", "bash", "--after", "2d"], "Error: --after '2d' is out of range; give 1s to 24h"),
    (["shell-init", "bash", "zsh"], "Error:"),
  ])
  func badUsageIsExit64(arguments: [String], error: String) {
    let run = Sandbox().run(arguments)
    #expect(run.status == 64 && run.stdout.isEmpty && run.stderr.hasPrefix(error), "\(run)")
  }
}
