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
        // `scrollscript` with the behaviour known to every command: `swift run safari-scrollscript run FILE`.
        .executableTarget(name: "safari-scrollscript", dependencies: ["SafariToolbar", .product(name: "ScrollScriptCommand", package: "ScrollScript")]),
        // Its scenarios, the port's agreement with the built-in toolbar, and the command run on them.
        .testTarget(name: "SafariToolbarTests", dependencies: ["SafariToolbar", "safari-scrollscript",
                                                             .product(name: "ScrollScriptTesting", package: "ScrollScript")]),
    ]
)
