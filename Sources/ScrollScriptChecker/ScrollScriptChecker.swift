// ScrollScriptChecker: the checker (docs/architecture.md, "Modules"): names, types and
// configuration of every statement, with the first guesses in place of a statement's errors,
// and the behaviours declared in the language, lowered to the program ScrollScriptBehaviours
// runs. It imports the modules below it and nothing of the runtime or the tools.
@_exported import ScrollScriptSyntax
@_exported import ScrollScriptGuesses
@_exported import ScrollScriptBehaviours
