import IsletCore
import IsletStore
import IsletUI

extension Context {
  /// `islet themes`: each theme's name, where it comes from, and the island drawn in it.
  func themes() throws -> ExitStatus {
    let catalog = ThemeCatalog.standard(
      configFolder: StoreLocation.configFolder(environment: environment),
      executablePath: Spawner.executablePath)
    let sample = Self.sampleActivity(at: now)
    let chosen = (try? configuration.theme) ?? nil
    let depth =
      console.isTerminal && !arguments.has("no-color") ? ColorDepth.of(environment: environment) : .none
    let names = catalog.names()
    let width = names.map(\.count).max() ?? 0
    for name in names {
      let marker = name == (chosen ?? "default") ? "*" : " "
      let padded = name + String(repeating: " ", count: width - name.count)
      switch catalog.load(name) {
      case .success(let theme):
        let look = Look(activity: sample, now: now, theme: theme, ascii: !unicode)
        let island = Compact.draw(look, width: Compact.targetWidth)
        let preview =
          depth == .none ? PlainText.render(island) : ANSIText.render(island, theme: theme, depth: depth)
        console.out("\(marker) \(padded)  \(preview)\n")
      case .failure(let failure):
        console.out("\(marker) \(padded)  (broken: \(failure.message))\n")
      }
    }
    return .ok
  }

  /// A 25-minute "Workout" halfway through, as the previews show it.
  static func sampleActivity(at now: Instant) -> Activity {
    let start = now - 750_000
    return Activity(
      id: "demo", attributes: ActivityAttributes(icon: "timer", mode: .countdown, fullDuration: 1_500_000),
      state: ContentState(
        name: "Workout", startedAt: start, duration: 1_500_000, phase: .active, touchedAt: start),
      createdAt: start)
  }
}
