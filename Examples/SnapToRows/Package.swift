// swift-tools-version:5.10
// A behaviour that snaps every fling to a row boundary through targetContentOffset (as
// paging and snapping delegates do), with its scenarios and tests (Swift Testing).
// Depends on the ScrollScript package two folders up.
import PackageDescription

let package = Package(
    name: "SnapToRows",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ScrollScript", path: "../..")],
    targets: [
        .target(name: "SnapToRows", dependencies: [.product(name: "ScrollScript", package: "ScrollScript")]),
        .testTarget(name: "SnapToRowsTests", dependencies: ["SnapToRows", .product(name: "ScrollScriptTesting", package: "ScrollScript")]),
    ]
)
