// swift-tools-version:5.10
// Post 003's toolbar delegate, ported to a ScrollScript behaviour, with its scenarios, its
// tests and its own `scrollscript`. Depends on the ScrollScript package two folders up.
import PackageDescription

let package = Package(
    name: "SafariToolbar",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ScrollScript", path: "../..")],
    targets: [
        // The behaviour: the post's UIScrollViewDelegate, in Swift.
        .target(name: "SafariToolbar", dependencies: [.product(name: "ScrollScript", package: "ScrollScript")]),
        // Its scenarios and the port's agreement with the built-in toolbar.
        .testTarget(name: "SafariToolbarTests", dependencies: ["SafariToolbar", .product(name: "ScrollScriptTesting", package: "ScrollScript")]),
    ]
)
