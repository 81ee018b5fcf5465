// The counterexample as a scenario file: the file's declarations (its `import` lines, paths
// made valid from where the counterexample is written, and its `behaviour` blocks as
// written: `DeclarationCopy`), the scene block and the scenario's configuration as the file
// has them, the `expect always` that broke, and the shrunk actions; laid out by the
// formatter. Before it is printed it is read back, checked and run, and must fail the
// way the exploration saw (same message, same time, same values, at the invariant's line).
import ScrollSim

/// The text of the counterexample scenario for `ce`, found in scenario `property.name`
/// of `program` (the checked file). `origin` names the file in the heading comment;
/// `options` gives the seed and the number of runs; `declarations` stands before the scene
/// (the file's declarations as `DeclarationCopy` writes them, or nothing).
public func counterexampleText(program: Program, property: ExploreProperty, counterexample ce: Counterexample,
                               origin: String, options: ExploreOptions, declarations: String = "") -> String {
    func bare(_ s: Stmt) -> Stmt { Stmt(kind: s.kind, location: s.location) }
    var top: [Stmt] = []
    let (scene, own) = program.configuration { name, _ in name.value == property.name }
    if let scene, case .scene(let b) = scene.kind {
        let inner = b.statements.filter { $0.kind.isConfiguration }.map(bare)
        top.append(Stmt(kind: .scene(Block(statements: inner, open: b.open, close: b.close)), location: scene.location))
    }
    let config = own.map(bare)
    let loc = SourceLocation(file: "<explore>", line: 1, column: 1)
    let title = property.name + " (counterexample)"
    let name = StringLiteral(value: title, raw: quoteString(title), location: loc)
    var body = config
    body.append(bare(ce.invariant))
    for (k, a) in ce.actions.enumerated() {
        body.append(a.statement(at: SourceLocation(file: "<explore>", line: k + 1, column: 1)))
    }
    top.append(Stmt(kind: .scenario(name: name, body: Block(statements: body, open: loc, close: loc)), location: loc))
    let n = ce.found.count, m = ce.actions.count
    var heading = "# Found by `scrollscript explore` in \(origin), scenario \(quoteString(property.name)):\n"
    heading += "# seed \(options.seed), run \(ce.runIndex + 1) of \(options.runs); \(n) step\(n == 1 ? "" : "s") shrunk to \(m).\n"
    heading += "# `scrollscript run` on this file breaks the invariant (\(ce.failure.message)).\n"
    return heading + declarations + formatProgram(Program(file: "<explore>", statements: top))
}

/// Reads `text` back as a file named `name`, checks and runs it: nil when its scenario
/// fails exactly as `ce` did (same message, time and values, on the `expect always`
/// line), else what differs.
public func verifyCounterexample(_ text: String, name: String, counterexample ce: Counterexample,
                                 registry: BehaviourRegistry = .builtIn) -> String? {
    let checked = checkSource(SourceFile(name: name, text: text), registry: registry)
    if let d = checked.diagnostics.first {
        return "the written scenario does not check: \(d.location.line):\(d.location.column): \(d.message)"
    }
    guard checked.scenarios.count == 1, let sc = checked.scenarios.first else {
        return "the written file holds \(checked.scenarios.count) scenarios, not 1"
    }
    guard let inv = sc.statements.first(where: { if case .expectAlways = $0.kind { return true } else { return false } }) else {
        return "the written scenario has no 'expect always'"
    }
    let r = runScenario(sc)
    guard let f = r.failure else { return "the written scenario passes" }
    if f.location.line != inv.location.line {
        return "the written scenario fails at line \(f.location.line) (\(f.message)), not at its invariant (line \(inv.location.line))"
    }
    if f.problem != ce.failure.problem || f.notes != ce.failure.notes || f.time != ce.failure.time {
        return "the written scenario fails differently: \(f.message) instead of \(ce.failure.message)"
    }
    return nil
}
