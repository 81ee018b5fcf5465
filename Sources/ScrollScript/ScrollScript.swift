// ScrollScript: the language. See grammar.md.
@_exported import ScrollSim
// A behaviour written against the UIKit-shaped API (`ScrollBehaviour`) uses CGFloat, CGPoint,
// CGSize and CGRect with `import ScrollScript` alone, as an app's code does with `import UIKit`.
@_exported import Foundation
// The stages below this one (docs/architecture.md, "Modules"): `import ScrollScript` is all a
// user writes.
@_exported import ScrollScriptSyntax
@_exported import ScrollScriptGuesses
@_exported import ScrollScriptBehaviours
@_exported import ScrollScriptChecker
@_exported import ScrollScriptRuntime

public enum ScrollScriptInfo {
    public static let version = "0.1.0"
}
