// ScrollScriptSyntax: the language's syntax, the bottom stage of ScrollScript's modules
// (docs/architecture.md, "Modules"): tokens, lexer, lexicon, parser and tree, the text of
// expressions and statements as `fmt` writes them, the values' vocabulary (static types,
// quantities, how a value is written), and the diagnostics every stage words. It imports
// ScrollSim (the world's vocabulary: behaviours, registry) and nothing of ScrollScript.
@_exported import ScrollSim
@_exported import Foundation
