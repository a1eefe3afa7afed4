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

/// A release's Swift code asks for the metadata of a generic type it names (`[String: String]`,
/// a `Set` of an enum) through that type's accessor, not by its mangled name: the runtime reads a
/// mangled name by checking the type's conformances against every conformance in the binary,
/// about 75,000 instructions each time, and a status line did six of them on every run.
let directMetadata: [SwiftSetting] = [
  .unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
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
    .target(name: "IsletCore", swiftSettings: directMetadata),
    .target(
      name: "IsletStore", dependencies: ["IsletCore", "CSQLite", "CSystem"], swiftSettings: directMetadata),
    .target(name: "IsletUI", dependencies: ["IsletCore"], swiftSettings: directMetadata),
    .target(name: "IsletCurses", dependencies: ["IsletUI", "CNcursesw"], swiftSettings: directMetadata),
    .target(
      name: "IsletCLI",
      dependencies: ["IsletCore", "IsletStore", "IsletUI", "IsletCurses", "CSystem", "CDBus"],
      swiftSettings: directMetadata),
    .executableTarget(
      name: "islet", dependencies: ["IsletCLI", "CSystem"], swiftSettings: directMetadata,
      linkerSettings: staticRelease),
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
