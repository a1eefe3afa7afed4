// swift-tools-version: 6.0
import PackageDescription

/// `swift build -c release` makes the fast binary: fully static (tmux runs `islet status` every
/// second, and a static binary starts in about a third of a dynamic one's time), stripped
/// (`ISLET_KEEP_SYMBOLS=1` keeps the symbols, for `bench/make-order`). Static libraries name none
/// of their own dependencies, so they are listed here. lld lays out the functions of
/// `Sources/islet/hot-code.order` side by side, so that a status line or a ticking view maps
/// about half the code pieces it would (a name it does not find is no error), and it does not
/// print glibc's notes that `dlopen`, `getpwnam_r` and the like need the shared glibc at run
/// time, which none of Islet's ways calls (the README says why). The debug build, which the tests
/// use, links dynamically.
let staticRelease: [LinkerSetting] = [
  .unsafeFlags(
    [
      "-static-executable", "-Xlinker", "-lncursesw", "-Xlinker", "-ltinfo", "-Xlinker", "-lsqlite3",
      "-Xlinker", "-ldbus-1", "-use-ld=lld",
      "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/islet/hot-code.order",
      "-Xlinker", "--no-warn-symbol-ordering",
    ] + (Context.environment["ISLET_KEEP_SYMBOLS"] == nil ? ["-Xlinker", "--strip-all"] : []),
    .when(configuration: .release))
]

/// A release's Swift code asks for the metadata of a generic type it names (`[String: String]`,
/// a `Set` of an enum) through that type's accessor, not by its mangled name: the runtime reads a
/// mangled name by checking the type's conformances against every conformance in the binary,
/// about 75,000 instructions each time, and a status line did six of them on every run. Each
/// function has a section of its own, for the link to lay out.
let releaseCode: [SwiftSetting] = [
  .unsafeFlags(
    [
      "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend",
      "-function-sections",
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
    .target(name: "IsletCore", swiftSettings: releaseCode),
    .target(
      name: "IsletStore", dependencies: ["IsletCore", "CSQLite", "CSystem"], swiftSettings: releaseCode),
    .target(name: "IsletUI", dependencies: ["IsletCore"], swiftSettings: releaseCode),
    .target(name: "IsletCurses", dependencies: ["IsletUI", "CNcursesw"], swiftSettings: releaseCode),
    .target(
      name: "IsletRuntime",
      dependencies: ["IsletCore", "IsletStore", "IsletUI", "IsletCurses", "CSystem", "CDBus"],
      swiftSettings: releaseCode),
    .target(
      name: "IsletCLI",
      dependencies: [
        "IsletRuntime", "IsletCore", "IsletStore", "IsletUI", "IsletCurses", "CSystem", "CDBus",
      ],
      swiftSettings: releaseCode),
    .executableTarget(
      name: "islet", dependencies: ["IsletCLI", "IsletRuntime", "CSystem"], exclude: ["hot-code.order"],
      swiftSettings: releaseCode,
      linkerSettings: staticRelease),
    .target(name: "IsletTestSupport", path: "Tests/IsletTestSupport"),
    .testTarget(name: "IsletCoreTests", dependencies: ["IsletCore", "IsletTestSupport"]),
    .testTarget(name: "IsletStoreTests", dependencies: ["IsletStore", "IsletCore", "IsletTestSupport"]),
    .testTarget(
      name: "IsletUITests", dependencies: ["IsletUI", "IsletCore", "IsletTestSupport"], exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "IsletCursesTests", dependencies: ["IsletCurses", "IsletUI", "CNcursesw", "IsletTestSupport"]),
    .target(
      name: "IsletCLITestSupport",
      dependencies: ["IsletCLI", "IsletRuntime", "IsletStore", "IsletCore", "IsletTestSupport"],
      path: "Tests/IsletCLITestSupport", exclude: ["Support"]),
    // In-process: the command line on a hand-moved clock, nothing spawned (`swift test --skip IsletEndToEndTests`).
    .testTarget(
      name: "IsletCLITests",
      dependencies: [
        "IsletCLI", "IsletRuntime", "IsletStore", "IsletCore", "IsletTestSupport", "IsletCLITestSupport",
      ]),
    // The built binary, real tmux servers, session buses and bars (`swift test --filter IsletEndToEndTests`).
    .testTarget(
      name: "IsletEndToEndTests",
      dependencies: [
        "IsletCLI", "IsletRuntime", "IsletStore", "IsletCore", "IsletTestSupport", "IsletCLITestSupport",
      ]),
  ]
)
