// ScrollScriptRuntime: the runtime (docs/architecture.md, "Modules"): a checked scenario
// resolved (lowered) once, the evaluator, and the interpreter with its frame loop. It imports
// the checker (and through it the modules below) and nothing of the tools.
@_exported import ScrollScriptChecker
