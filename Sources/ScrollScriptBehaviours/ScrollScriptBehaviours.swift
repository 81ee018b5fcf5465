// ScrollScriptBehaviours: the behaviours a user writes (docs/architecture.md, "Modules"): in
// Swift against UIKit's shapes (UserBehaviour/, UIKit/), and in the language (Declared/: the
// program the checker lowers a `behaviour` block to, run behind the same `Behaviour`
// interface as the built-ins). Above the syntax; it names nothing of the checker.
@_exported import ScrollScriptSyntax
