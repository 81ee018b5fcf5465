// The resolved program: a checked scenario's statements lowered once, before they run,
// into the form the interpreter runs (docs/architecture.md).
//
// Every expression is a `ResolvedExpr` (each observable an id with its indexes, each
// tunable an id, each state a `StateID`), every numeric argument a literal already in
// base units (`250ms` is 0.25) or a resolved expression, every section title a section
// index, and every `expect` carries what its checks need (does it read `time`, which
// `?`s it records). Nothing here is worked out per frame, and nothing is looked up by
// name while a scenario runs.
//
// Each statement keeps the `Stmt` it came from (`source`): its location (failure
// messages, breakpoints, `--update`), its keyword, and what the REPL's `:save` writes.
// The lowering recurses over `repeat` bodies, which the parser bounds
// (`SourceLimits.maxNesting`).

/// A numeric argument of a statement (`pull 120`, `wait 250ms`, `repeat N`).
package enum ResolvedArg: Sendable {
    /// A literal, in base units (seconds, points), finite.
    case constant(Double, at: SourceLocation)
    /// Anything else: evaluated when the statement starts.
    case expr(ResolvedExpr, at: SourceLocation)

    package init(_ e: Expr, _ names: CheckedNames, _ registry: BehaviourRegistry, _ lets: LetSlots) {
        let r = ResolvedExpr(e, names, registry, lets)
        switch r {
        case .constant(.number(let d, _), _) where d.isFinite:
            self = .constant(d, at: e.startLocation)
        case .unary(.negate, .constant(.number(let d, _), _), _) where d.isFinite:
            // `drag -40`: a negated literal is a literal too.
            self = .constant(-d, at: e.startLocation)
        default:
            self = .expr(r, at: e.startLocation)
        }
    }

    /// Where the argument starts in the source (`Expr.startLocation`).
    package var location: SourceLocation {
        switch self {
        case .constant(_, let at), .expr(_, let at): return at
        }
    }
}

/// `a == ?` / `a ~= ?` in an `expect`: what recording (spec §5) reads and writes.
package struct RecordedComparison: Sendable {
    package var op: CompareOp
    /// The left side, resolved.
    package var subject: ResolvedExpr
    /// The left side as `fmt` writes it (`header.height`), for messages and `--update`.
    package var subjectText: String
    /// The `?` (its byte offset keys the recorded value).
    package var placeholder: SourceLocation
    package var tolerance: ResolvedExpr?
}

/// The condition of an `expect`, `expect within` or `expect always`.
package struct ResolvedCondition: Sendable {
    package var expr: ResolvedExpr
    /// It reads the clock (`time`): its value can change while nothing moves.
    package var readsTime: Bool
    /// It holds a `?`.
    package var hasPlaceholder: Bool
    /// Its `a OP ?` comparisons (under `and` and parentheses only), in source order.
    package var recorded: [RecordedComparison]

    package init(_ e: Expr, _ names: CheckedNames, _ registry: BehaviourRegistry, _ lets: LetSlots) {
        expr = ResolvedExpr(e, names, registry, lets)
        readsTime = expr.readsTime
        hasPlaceholder = exprHasPlaceholder(e)
        var list: [RecordedComparison] = []
        if hasPlaceholder { collectRecordedComparisons(e, names, registry, lets, into: &list) }
        recorded = list
    }
}

/// One item of `print a, b, "text"`: how it is labelled.
package enum PrintItem: Sendable {
    /// A plain name: `offset = 12.00`.
    case named(String, ResolvedExpr)
    /// `section[I].m` / `row[I,J].m`: labelled with its indexes' values (`section[0].y = 28.00`).
    case indexed(base: String, ResolvedExpr)
    /// A string literal: printed as its text.
    case text(String, ResolvedExpr)
    /// Anything else: the value alone.
    case value(ResolvedExpr)

    package init(_ e: Expr, _ names: CheckedNames, _ r: BehaviourRegistry, _ lets: LetSlots) {
        let v = ResolvedExpr(e, names, r, lets)
        switch e {
        case .name(let n, _): self = .named(n, v)
        case .indexed(let base, _, _, _): self = .indexed(base: base, v)
        case .string(let s): self = .text(s.value, v)
        default: self = .value(v)
        }
    }
}

/// What a resolved statement does.
package enum ResolvedStmtKind: Sendable {
    case pull(ResolvedArg)
    case drag(ResolvedArg, duration: ResolvedArg?)
    case fling(ResolvedArg)
    case swipe(ResolvedArg, duration: ResolvedArg?)
    case release
    /// `tap header`, `tap toolbar`: a behaviour's view by its name (nil: no behaviour of
    /// the registry declares it; the checker refuses those).
    case tapView(ViewID?, name: String)
    /// `tap header I`.
    case tapSection(ResolvedArg)
    /// `tap header "TITLE"`: the section's index, nil when no section has that title.
    case tapSectionTitled(Int?, StringLiteral)
    case tapRow(ResolvedArg, ResolvedArg)
    case tapPoint(x: ResolvedArg, y: ResolvedArg)
    case wait(ResolvedArg)
    /// `tick` (nil: one frame).
    case tick(ResolvedArg?)
    case settle
    case expect(ResolvedCondition)
    case expectWithin(ResolvedArg, ResolvedCondition)
    case expectAlways(ResolvedCondition)
    case print([PrintItem])
    case frames
    /// `let NAME = EXPR`: the value goes to the name's slot.
    case bind(slot: Int, ResolvedExpr)
    /// An expression alone; `Expr` is what the REPL's `onExpression` shows it as.
    case expression(ResolvedExpr, Expr)
    case repeatBlock(ResolvedArg, body: [ResolvedStmt])
    /// Configuration (applied when the world is built) and blocks: nothing to run.
    case nothing
}

/// A statement of the resolved program. A class: the control stack, the statement in
/// progress and the pending top-level statement share it, so handing it around (once per
/// frame while it runs) is one reference count, not a copy of its arguments.
package final class ResolvedStmt: Sendable {
    package let kind: ResolvedStmtKind
    /// The statement as written.
    package let source: Stmt

    package var location: SourceLocation { source.location }

    /// Lowers a checked statement against the world configuration it runs in, with its
    /// names as the checker resolved them (`names`); a `let` takes a slot in `lets` (the
    /// statements after it read that slot). The configuration is borrowed: an initialiser's
    /// argument is otherwise copied, and a copy of a scene changes the reference counts of
    /// all its parts, once per statement.
    package init(_ s: Stmt, _ config: borrowing SceneConfig, _ names: CheckedNames, _ lets: inout LetSlots) {
        source = s
        let r = config.registry
        func arg(_ e: Expr) -> ResolvedArg { ResolvedArg(e, names, r, lets) }
        func condition(_ e: Expr) -> ResolvedCondition { ResolvedCondition(e, names, r, lets) }
        switch s.kind {
        case .pull(let d): kind = .pull(arg(d))
        case .drag(let d, let t): kind = .drag(arg(d), duration: t.map(arg))
        case .fling(let v): kind = .fling(arg(v))
        case .swipe(let d, let t): kind = .swipe(arg(d), duration: t.map(arg))
        case .release: kind = .release
        case .tapHeader(let i):
            if case .string(let title) = i {
                var index: Int?
                if case .section(let k)? = names.ref(at: title.location) { index = k }
                kind = .tapSectionTitled(index, title)
            } else {
                kind = .tapSection(arg(i))
            }
        case .tapRow(let i, let j): kind = .tapRow(arg(i), arg(j))
        case .tapView(let name, _):
            var view: ViewID?
            if case .view(let v)? = names.ref(at: s.location) { view = v }
            kind = .tapView(view, name: name)
        case .tap(let x, let y): kind = .tapPoint(x: arg(x), y: arg(y))
        case .wait(let t): kind = .wait(arg(t))
        case .tick(let n): kind = .tick(n.map(arg))
        case .settle: kind = .settle
        case .expect(let e): kind = .expect(condition(e))
        case .expectWithin(let t, let e): kind = .expectWithin(arg(t), condition(e))
        case .expectAlways(let e): kind = .expectAlways(condition(e))
        case .print(let items): kind = .print(items.map { PrintItem($0, names, r, lets) })
        case .frames: kind = .frames
        case .let(let name, _, let value):
            // The value is resolved before the name has its slot (`let o = o` reads no `o`).
            let v = ResolvedExpr(value, names, r, lets)
            kind = .bind(slot: lets.add(name), v)
        case .expression(let e): kind = .expression(ResolvedExpr(e, names, r, lets), e)
        case .repeatBlock(let count, let body):
            kind = .repeatBlock(arg(count), body: lowerStatements(body.statements, config, names, &lets))
        case .scene, .scenario, .screen, .fps, .configure, .section, .sections, .set, .use:
            kind = .nothing
        }
    }
}

/// Lowers checked statements (a scenario's, a REPL entry's) for the world built from
/// `config`, with the checker's `names` for them; `lets` holds the names bound so far and
/// gains those the statements bind.
package func lowerStatements(_ statements: [Stmt], _ config: SceneConfig, _ names: CheckedNames, _ lets: inout LetSlots) -> [ResolvedStmt] {
    var out: [ResolvedStmt] = []
    out.reserveCapacity(statements.count)
    for s in statements { out.append(ResolvedStmt(s, config, names, &lets)) }
    return out
}

/// The names bound by `let` in a running scenario (a REPL session's, entry by entry), each
/// with a slot: an index into the interpreter's values. Names are looked up here only while
/// statements are lowered; a frame reads a slot by its index.
package struct LetSlots: Sendable {
    /// The name of each slot.
    package private(set) var names: [String] = []
    /// The slot of each name (lookup only, never iterated).
    private var slots: [String: Int] = [:]

    /// The slot of `name`, if it is bound.
    package func slot(of name: String) -> Int? { slots[name] }

    /// The slot for a `let` of `name`: its own when the name has one (a `let` lowered again,
    /// as the checker allows one `let` per name), else a new one.
    package init() {}

    package mutating func add(_ name: String) -> Int {
        if let k = slots[name] { return k }
        names.append(name)
        slots[name] = names.count - 1
        return names.count - 1
    }
}

/// The `a OP ?` comparisons of an expectation (the checker allows them under `and` and
/// parentheses only), in source order.
private func collectRecordedComparisons(_ e: Expr, _ names: CheckedNames, _ r: BehaviourRegistry, _ lets: LetSlots,
                                        into out: inout [RecordedComparison]) {
    switch e {
    case .compare(let op, let a, .placeholder(let l), let t, _):
        out.append(RecordedComparison(op: op, subject: ResolvedExpr(a, names, r, lets), subjectText: exprText(a),
                                      placeholder: l, tolerance: t.map { ResolvedExpr($0, names, r, lets) }))
    case .binary(.and, let a, let b, _):
        collectRecordedComparisons(a, names, r, lets, into: &out)
        collectRecordedComparisons(b, names, r, lets, into: &out)
    case .paren(let x, _): collectRecordedComparisons(x, names, r, lets, into: &out)
    default: return
    }
}
