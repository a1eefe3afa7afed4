// swift-tools-version: 6.0
import PackageDescription

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
    .executableTarget(name: "islet", dependencies: ["IsletCLI", "CSystem"]),
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
