// swift-tools-version: 6.0
import PackageDescription

/// `swift build -c release` makes the fast binary: fully static (tmux runs `islet status` every
/// second, and a static binary starts in about a third of a dynamic one's time), stripped. Static
/// libraries name none of their own dependencies, so they are listed here. The linker's notes
/// that glibc's `dlopen`, `getpwnam_r` and the like need the shared glibc at run time are
/// silenced: none is called on Islet's way (the README says why); the debug build, which the
/// tests use, links dynamically and shows every linker warning.
let staticRelease: [LinkerSetting] = [
  .unsafeFlags(
    [
      "-static-executable", "-Xlinker", "-lncursesw", "-Xlinker", "-ltinfo", "-Xlinker", "-lsqlite3",
      "-Xlinker", "-ldbus-1", "-Xlinker", "--strip-all", "-use-ld=bfd", "-Xlinker", "--no-warnings",
    ], .when(configuration: .release))
]

let package = Package(
  name: "Islet",
  products: [
    .executable(name: "islet", targets: ["islet"])
  ],
  targets: [
    .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
    .systemLibrary(name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1"),
    .target(name: "CSystem"),
    .target(name: "IsletCore"),
    .target(name: "IsletStore", dependencies: ["IsletCore", "CSQLite", "CSystem"]),
    .target(name: "IsletUI", dependencies: ["IsletCore"]),
    .target(name: "IsletCurses", dependencies: ["IsletUI", "CNcursesw"]),
    .target(
      name: "IsletCLI",
      dependencies: ["IsletCore", "IsletStore", "IsletUI", "IsletCurses", "CSystem", "CDBus"]),
    .executableTarget(name: "islet", dependencies: ["IsletCLI", "CSystem"], linkerSettings: staticRelease),
    .target(name: "IsletTestSupport", path: "Tests/IsletTestSupport"),
    .testTarget(name: "IsletCoreTests", dependencies: ["IsletCore", "IsletTestSupport"]),
    .testTarget(name: "IsletStoreTests", dependencies: ["IsletStore", "IsletCore", "IsletTestSupport"]),
    .testTarget(
      name: "IsletUITests", dependencies: ["IsletUI", "IsletCore", "IsletTestSupport"], exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "IsletCLITests", dependencies: ["IsletCLI", "IsletStore", "IsletCore", "IsletTestSupport"],
      exclude: ["Support"]),
  ]
)
