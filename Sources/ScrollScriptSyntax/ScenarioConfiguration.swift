// Which configuration statements a scenario runs with, as its file writes them: the scene
// block's and the scenario's own; a file without blocks is one scenario, its configuration
// at the top level. The REPL's `:save` and `explore`'s counterexample both read it here.

extension Program {
    /// The scene block (nil when the file has none) and the configuration statements of
    /// the scenario block `matches` picks (by its name and the location of its keyword);
    /// in a file without scenario blocks, the top level's.
    package func configuration(ofScenario matches: (StringLiteral, SourceLocation) -> Bool) -> (scene: Stmt?, own: [Stmt]) {
        var scene: Stmt?
        var own: [Stmt] = []
        var hasBlocks = false
        for s in statements {
            switch s.kind {
            case .scene: scene = s
            case .scenario(let name, let body):
                hasBlocks = true
                if matches(name, s.location) { own = body.statements.filter { $0.kind.isConfiguration } }
            default: break
            }
        }
        if !hasBlocks { own = statements.filter { $0.kind.isConfiguration } }
        return (scene, own)
    }
}
