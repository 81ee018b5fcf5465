// A behaviour declared in the language (spec §9), lowered once by the checker
// (ScrollScriptChecker/DeclaredChecker.swift) to numbers and slots — no name is looked up and nothing is
// allocated per frame — and run behind the same `Behaviour` interface as the built-ins and a
// user's Swift behaviours, at §8's event points.
//
// Every value is a Double at run time: the checker has typed each expression (a boolean is
// 0 or 1, a state its place in its family), so the evaluator is a walk over a small tree.
import Foundation
import ScrollSim

/// What a declared expression reads from the scroll view (spec §9: "any observable").
package enum DeclaredFact: Sendable {
    case time, offset, velocity, phase, fingerDown, fingerTranslation, fingerVelocity, screenWidth, screenHeight,
         contentHeight, offsetMin, offsetMax, insetTop, insetBottom
}

/// A lowered expression.
package indirect enum DeclaredExpr: Sendable {
    case constant(Double)
    case fact(DeclaredFact)
    case param(Int)
    case variable(Int)
    case value(Int)
    case state
    case local(Int)
    /// `target` in `willEndDragging`.
    case target
    /// `decelerate` in `didEndDragging`.
    case decelerate
    /// `velocity` in `willEndDragging`: the release's content velocity.
    case releaseVelocity
    /// An observable of the world (`toolbar.y`, `header.height`, `row[0,2].y`, another
    /// behaviour's member): its place in the program's `reads`, taken before each event.
    case world(Int)
    case negate(DeclaredExpr)
    case not(DeclaredExpr)
    case arithmetic(BinaryOp, DeclaredExpr, DeclaredExpr)
    case and(DeclaredExpr, DeclaredExpr)
    case or(DeclaredExpr, DeclaredExpr)
    /// `tolerance` nil with `~=`: half a frame (seconds); otherwise its default is a constant.
    case compare(CompareOp, DeclaredExpr, DeclaredExpr, tolerance: DeclaredExpr?)
    case halfFrameCompare(DeclaredExpr, DeclaredExpr)
    case function(BuiltinFunction, [DeclaredExpr])
}

/// A lowered body statement. `line` is where it is written (a value that is not finite
/// fails the scenario naming it).
package indirect enum DeclaredStmt: Sendable {
    case setVariable(Int, DeclaredExpr, line: Int)
    case setState(Int)
    case setStateTo(DeclaredExpr)
    case setTarget(DeclaredExpr, line: Int)
    case setInset(top: Bool, DeclaredExpr, line: Int)
    case setLocal(Int, DeclaredExpr, line: Int)
    case branch([(DeclaredExpr, [DeclaredStmt])], otherwise: [DeclaredStmt])
    /// `then`: an index into `DeclaredProgram.thenBodies`, or -1.
    case animate(variable: Int, to: DeclaredExpr, over: DeclaredExpr, curve: Curve, then: Int, line: Int)
    case scrollTo(DeclaredExpr, animated: Bool, line: Int)
    case call(Int)
}

/// A view: its rect's four numbers, its alpha and its condition.
package struct DeclaredView: Sendable {
    package var x, y, width, height: DeclaredExpr
    package var alpha: DeclaredExpr?
    package var when: DeclaredExpr?

    package init(x: DeclaredExpr, y: DeclaredExpr, width: DeclaredExpr, height: DeclaredExpr, alpha: DeclaredExpr? = nil, when: DeclaredExpr? = nil) {
        (self.x, self.y, self.width, self.height, self.alpha, self.when) = (x, y, width, height, alpha, when)
    }
}

/// The handlers of one event, in source order (each a body).
package typealias DeclaredHandlers = [[DeclaredStmt]]

/// A declaration lowered once: shared, immutable, by every instance of every world.
package final class DeclaredProgram: @unchecked Sendable {
    package let name: String
    /// Each var's initial value (evaluated in `start`, in order) and whether it is a boolean
    /// and its quantity.
    package let variableInits: [DeclaredExpr]
    package let variableKinds: [DeclaredKind]
    package let values: [DeclaredExpr]
    package let valueKinds: [DeclaredKind]
    package let states: [String]
    package let views: [DeclaredView]
    package let actions: [[DeclaredStmt]]
    package let thenBodies: [[DeclaredStmt]]
    package let localCount: Int
    // Handlers by event.
    package let willBeginDragging: DeclaredHandlers
    package let didScroll: DeclaredHandlers
    package let dragging: DeclaredHandlers
    package let willEndDragging: DeclaredHandlers
    package let didEndDragging: DeclaredHandlers
    package let willBeginDecelerating: DeclaredHandlers
    package let didEndDecelerating: DeclaredHandlers
    package let didEndScrollingAnimation: DeclaredHandlers
    package let frame: DeclaredHandlers
    /// By view number.
    package let taps: [DeclaredHandlers]
    /// The line of each var's declaration, value's and view's (non-finite failures).
    package let variableLines: [Int]
    /// What it reads of the world (`DeclaredExpr.world` is a place here).
    package let reads: [WorldRead]
    /// The line of each view's declaration (a frame or alpha that is not finite).
    package let viewLines: [Int]

    package init(name: String, variableInits: [DeclaredExpr], variableKinds: [DeclaredKind], variableLines: [Int],
         values: [DeclaredExpr], valueKinds: [DeclaredKind], states: [String], views: [DeclaredView],
         actions: [[DeclaredStmt]], thenBodies: [[DeclaredStmt]], localCount: Int, handlers: [DeclaredEvent: DeclaredHandlers],
         taps: [DeclaredHandlers], reads: [WorldRead] = [], viewLines: [Int] = []) {
        self.name = name
        self.reads = reads
        self.viewLines = viewLines
        self.variableInits = variableInits
        self.variableKinds = variableKinds
        self.variableLines = variableLines
        self.values = values
        self.valueKinds = valueKinds
        self.states = states
        self.views = views
        self.actions = actions
        self.thenBodies = thenBodies
        self.localCount = localCount
        willBeginDragging = handlers[.willBeginDragging] ?? []
        didScroll = handlers[.didScroll] ?? []
        dragging = handlers[.dragging] ?? []
        willEndDragging = handlers[.willEndDragging] ?? []
        didEndDragging = handlers[.didEndDragging] ?? []
        willBeginDecelerating = handlers[.willBeginDecelerating] ?? []
        didEndDecelerating = handlers[.didEndDecelerating] ?? []
        didEndScrollingAnimation = handlers[.didEndScrollingAnimation] ?? []
        frame = handlers[.frame] ?? []
        self.taps = taps
        code = FlatCode(self)
    }

    /// The events its handlers need.
    package var listens: BehaviourEvents {
        // `dragBegan` stops an animated `scroll to`: only a program with one, or with
        // `willBeginDragging` handlers, is sent it.
        var e: BehaviourEvents = []
        if !willBeginDragging.isEmpty || scrollsAnimated { e.insert(.dragBegan) }
        if !didEndDecelerating.isEmpty { e.insert(.decelerationEnded) }
        if !willEndDragging.isEmpty { e.insert(.flingTargetChosen) }
        if !didEndDragging.isEmpty || !willBeginDecelerating.isEmpty { e.insert(.dragEnded) }
        if taps.contains(where: { !$0.isEmpty }) { e.insert(.taps) }
        if !didScroll.isEmpty { e.insert(.frameEndedScrolled) }
        if !dragging.isEmpty { e.insert(.frameEndedDragging) }
        if !frame.isEmpty { e.insert(.frameEnded) }
        return e
    }

    /// Some body holds `scroll to ... animated`.
    var scrollsAnimated: Bool {
        func holds(_ body: [DeclaredStmt]) -> Bool {
            body.contains { s in
                switch s {
                case .scrollTo(_, let animated, _): return animated
                case .branch(let list, let otherwise): return list.contains { holds($0.1) } || holds(otherwise)
                default: return false
                }
            }
        }
        let events = [willBeginDragging, didScroll, dragging, willEndDragging, didEndDragging, willBeginDecelerating,
                      didEndDecelerating, didEndScrollingAnimation, frame]
        return (events.flatMap { $0 } + taps.flatMap { $0 } + actions + thenBodies).contains { holds($0) }
    }

    /// Its registry entry: a fresh instance per world.
    package var entry: BehaviourEntry {
        BehaviourEntry(declaration: declaration) { setup, _ in DeclaredInstance(self, setup) }
    }

    /// Filled in by the checker (the declaration every consumer reads).
    package var declaration: BehaviourDeclaration!
    /// The file it is declared in, as read, by its number (`SourceFileNames`): a non-finite
    /// failure names it, with the line.
    package var file: Int32 = 0

    /// The same code, flattened into plain arrays of numbers: what runs (no reference is
    /// counted while a frame runs). Made once, in `init`.
    private(set) var code: FlatCode!
}

/// A run of statements: `count` indices from `start` in `FlatCode.bodyItems`.
package struct FlatBody {
    package var start: Int32 = 0
    package var count: Int32 = 0
}

/// One expression node (children by index into `FlatCode.exprs`).
package struct FlatExpr {
    package var op: FlatCode.E
    package var sub: UInt8 = 0
    package var a: Int32 = 0
    package var b: Int32 = 0
    package var c: Int32 = -1
    package var k: Double = 0
}

/// One statement.
package struct FlatStmt {
    package var op: FlatCode.S
    package var sub: UInt8 = 0
    package var a: Int32 = 0
    package var b: Int32 = 0
    package var c: Int32 = 0
    package var d: Int32 = 0
    package var line: Int32 = 0
}

/// What an expression reads besides the behaviour's own state: the scroll view's facts and
/// the content inset now (plain values: passing it counts no reference). The facts are read
/// where the caller has them, through a pointer valid while the call runs: a copy of the
/// whole struct, just written by the world, was a stalled store-to-load forward (about
/// 2.7 % of a declared toolbar's frame by profile).
package struct EvalEnv {
    package let factsPointer: UnsafePointer<ScrollFacts>
    package var insetTop: Double
    package var insetBottom: Double

    package init(_ facts: UnsafePointer<ScrollFacts>, _ a: Adjustments) {
        factsPointer = facts
        insetTop = a.contentInsetTop
        insetBottom = a.contentInsetBottom
    }

    package var facts: ScrollFacts {
        unsafeAddress { factsPointer }
    }
}

/// The flat buffers of a program, as plain pointers: valid while the program lives (every
/// instance holds its program).
package struct FlatPointers: @unchecked Sendable {
    package var exprs: UnsafeMutablePointer<FlatExpr>
    package let stmts: UnsafeMutablePointer<FlatStmt>
    package let bodyItems: UnsafeMutablePointer<Int32>
    package let branches: UnsafeMutablePointer<Int32>
    package let args: UnsafeMutablePointer<Int32>
    package let handlers: UnsafeMutablePointer<FlatBody>
    package let handlerIndex: UnsafeMutablePointer<Int32>
    package let actions: UnsafeMutablePointer<FlatBody>
    package let thens: UnsafeMutablePointer<FlatBody>
}

/// A program's code as flat buffers, allocated once and freed with it.
package final class FlatCode: @unchecked Sendable {
    package enum E: UInt8 {
        case constant, fact, param, variable, value, state, local, target, decelerate, releaseVelocity, negate, not,
             arithmetic, and, or, compare, halfFrame, function, world,
             // The common operators, one case each (one jump fewer than `arithmetic`/`compare` and their `sub`).
             add, subtract, multiply, divide, less, lessOrEqual, greater, greaterOrEqual, equal, notEqual,
             // A comparison of an operand (`a`) with a constant (`k`), made by `FoldedCode` once a
             // world's params are known: one operand's jump fewer.
             lessK, lessOrEqualK, greaterK, greaterOrEqualK, equalK, notEqualK,
             // A fact that is a Double of `ScrollFacts`, read at its byte offset `a` (no switch
             // over the facts), made by `FoldedCode`.
             factAt,
             // Superinstructions: a fact at its offset `a` compared with a constant `k`; the
             // behaviour's state compared with a constant `k` (what `if`s test most).
             factLessK, factLessOrEqualK, factGreaterK, factGreaterOrEqualK, stateEqualK, stateNotEqualK
    }
    package enum S: UInt8 { case setVariable, setState, setStateTo, setTarget, setInset, setLocal, branch, animate, scrollTo, call }

    package let exprs: UnsafeMutableBufferPointer<FlatExpr>
    package let stmts: UnsafeMutableBufferPointer<FlatStmt>
    package let bodyItems: UnsafeMutableBufferPointer<Int32>
    /// A branch's (condition, body start, body count), three numbers each.
    package let branches: UnsafeMutableBufferPointer<Int32>
    package let args: UnsafeMutableBufferPointer<Int32>
    package let variableInits: [Int32]
    package let values: [Int32]
    package let views: [(x: Int32, y: Int32, width: Int32, height: Int32, alpha: Int32, when: Int32)]
    package let actions: [FlatBody]
    package let thenBodies: [FlatBody]
    /// Per event (`DeclaredEvent` order, taps apart): its handlers' bodies.
    package let handlers: [[FlatBody]]
    package let taps: [[FlatBody]]

    package init(_ p: DeclaredProgram) {
        var b = Builder()
        // A value reads the values above it (§9): each one's root is known before the next
        // is built.
        for v in p.values { b.valueRoots.append(b.expr(v)) }
        values = b.valueRoots
        variableInits = p.variableInits.map { b.expr($0) }
        views = p.views.map { v in
            (b.expr(v.x), b.expr(v.y), b.expr(v.width), b.expr(v.height), v.alpha.map { b.expr($0) } ?? -1, v.when.map { b.expr($0) } ?? -1)
        }
        actions = p.actions.map { b.body($0) }
        thenBodies = p.thenBodies.map { b.body($0) }
        let events: [DeclaredHandlers] = [p.willBeginDragging, p.didScroll, p.dragging, p.willEndDragging, p.didEndDragging,
                                          p.willBeginDecelerating, p.didEndDecelerating, p.didEndScrollingAnimation, p.frame]
        handlers = events.map { $0.map { b.body($0) } }
        taps = p.taps.map { $0.map { b.body($0) } }
        func buffer<T>(_ a: [T]) -> UnsafeMutableBufferPointer<T> {
            let buf = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, a.count))
            _ = buf.initialize(from: a)
            return buf
        }
        var pool: [FlatBody] = []
        var index: [Int32] = []
        for list in handlers + taps {
            index.append(Int32(pool.count))
            pool += list
        }
        index.append(Int32(pool.count))
        handlerPool = buffer(pool)
        handlerIndex = buffer(index)
        actionPool = buffer(actions)
        thenPool = buffer(thenBodies)
        exprs = buffer(b.exprs)
        stmts = buffer(b.stmts)
        bodyItems = buffer(b.bodyItems)
        branches = buffer(b.branches)
        args = buffer(b.args)
    }

    /// Every handler's body, event by event (`DeclaredInstance`'s event numbers), then each
    /// view's taps; `handlerIndex[e]..<handlerIndex[e + 1]` are event e's.
    package let handlerPool: UnsafeMutableBufferPointer<FlatBody>
    package let handlerIndex: UnsafeMutableBufferPointer<Int32>
    package let actionPool: UnsafeMutableBufferPointer<FlatBody>
    package let thenPool: UnsafeMutableBufferPointer<FlatBody>

    /// The buffers as plain pointers (an instance keeps these: nothing counted per frame).
    var pointers: FlatPointers {
        FlatPointers(exprs: exprs.baseAddress!, stmts: stmts.baseAddress!, bodyItems: bodyItems.baseAddress!,
                     branches: branches.baseAddress!, args: args.baseAddress!, handlers: handlerPool.baseAddress!,
                     handlerIndex: handlerIndex.baseAddress!, actions: actionPool.baseAddress!, thens: thenPool.baseAddress!)
    }

    deinit {
        handlerPool.deallocate()
        handlerIndex.deallocate()
        actionPool.deallocate()
        thenPool.deallocate()
        exprs.deallocate()
        stmts.deallocate()
        bodyItems.deallocate()
        branches.deallocate()
        args.deallocate()
    }

    /// Builds the buffers from the trees.
    package struct Builder {
        package var exprs: [FlatExpr] = []
        package var stmts: [FlatStmt] = []
        package var bodyItems: [Int32] = []
        package var branches: [Int32] = []
        package var args: [Int32] = []
        package var valueRoots: [Int32] = []

        package mutating func add(_ e: FlatExpr) -> Int32 {
            exprs.append(e)
            return Int32(exprs.count - 1)
        }

        package mutating func expr(_ e: DeclaredExpr) -> Int32 {
            switch e {
            case .constant(let v): return add(FlatExpr(op: .constant, k: v))
            case .fact(let f): return add(FlatExpr(op: .fact, sub: FlatCode.factCode(f)))
            case .param(let i): return add(FlatExpr(op: .param, a: Int32(i)))
            case .variable(let i): return add(FlatExpr(op: .variable, a: Int32(i)))
            case .value(let i): return add(FlatExpr(op: .value, a: valueRoots[i]))
            case .state: return add(FlatExpr(op: .state))
            case .local(let i): return add(FlatExpr(op: .local, a: Int32(i)))
            case .target: return add(FlatExpr(op: .target))
            case .decelerate: return add(FlatExpr(op: .decelerate))
            case .releaseVelocity: return add(FlatExpr(op: .releaseVelocity))
            case .world(let i): return add(FlatExpr(op: .world, a: Int32(i)))
            case .negate(let x): let a = expr(x); return add(FlatExpr(op: .negate, a: a))
            case .not(let x): let a = expr(x); return add(FlatExpr(op: .not, a: a))
            case .arithmetic(let op, let l, let r):
                let a = expr(l), bb = expr(r)
                let direct: [BinaryOp: E] = [.add: .add, .subtract: .subtract, .multiply: .multiply, .divide: .divide]
                if let d = direct[op] { return add(FlatExpr(op: d, a: a, b: bb)) }
                return add(FlatExpr(op: .arithmetic, sub: FlatCode.binaryCode(op), a: a, b: bb))
            case .and(let l, let r): let a = expr(l), bb = expr(r); return add(FlatExpr(op: .and, a: a, b: bb))
            case .or(let l, let r): let a = expr(l), bb = expr(r); return add(FlatExpr(op: .or, a: a, b: bb))
            case .compare(let op, let l, let r, let tol):
                let a = expr(l), bb = expr(r), c = tol.map { expr($0) } ?? -1
                let direct: [CompareOp: E] = [.lt: .less, .le: .lessOrEqual, .gt: .greater, .ge: .greaterOrEqual,
                                              .eq: .equal, .ne: .notEqual]
                if let d = direct[op] { return add(FlatExpr(op: d, a: a, b: bb)) }
                return add(FlatExpr(op: .compare, sub: FlatCode.compareCode(op), a: a, b: bb, c: c))
            case .halfFrameCompare(let l, let r):
                let a = expr(l), bb = expr(r)
                return add(FlatExpr(op: .halfFrame, a: a, b: bb))
            case .function(let f, let list):
                let items = list.map { expr($0) }
                let start = Int32(args.count)
                args += items
                return add(FlatExpr(op: .function, sub: FlatCode.functionCode(f), a: start, b: Int32(items.count)))
            }
        }

        package mutating func body(_ list: [DeclaredStmt]) -> FlatBody {
            let items = list.map { stmt($0) }
            let start = Int32(bodyItems.count)
            bodyItems += items
            return FlatBody(start: start, count: Int32(items.count))
        }

        package mutating func addStmt(_ s: FlatStmt) -> Int32 {
            stmts.append(s)
            return Int32(stmts.count - 1)
        }

        package mutating func stmt(_ s: DeclaredStmt) -> Int32 {
            switch s {
            case .setVariable(let i, let e, let line):
                let x = expr(e)
                return addStmt(FlatStmt(op: .setVariable, a: Int32(i), b: x, line: Int32(line)))
            case .setState(let k): return addStmt(FlatStmt(op: .setState, a: Int32(k)))
            case .setStateTo(let e): let x = expr(e); return addStmt(FlatStmt(op: .setStateTo, b: x))
            case .setTarget(let e, let line):
                let x = expr(e)
                return addStmt(FlatStmt(op: .setTarget, b: x, line: Int32(line)))
            case .setInset(let top, let e, let line):
                let x = expr(e)
                return addStmt(FlatStmt(op: .setInset, sub: top ? 1 : 0, b: x, line: Int32(line)))
            case .setLocal(let k, let e, let line):
                let x = expr(e)
                return addStmt(FlatStmt(op: .setLocal, a: Int32(k), b: x, line: Int32(line)))
            case .branch(let list, let otherwise):
                var triples: [Int32] = []
                for (c, b) in list {
                    let cond = expr(c)
                    let fb = body(b)
                    triples += [cond, fb.start, fb.count]
                }
                let other = body(otherwise)
                let start = Int32(branches.count)
                branches += triples
                return addStmt(FlatStmt(op: .branch, a: start, b: Int32(list.count), c: other.start, d: other.count))
            case .animate(let i, let to, let over, let curve, let then, let line):
                let t = expr(to), d = expr(over)
                return addStmt(FlatStmt(op: .animate, sub: FlatCode.curveCode(curve), a: Int32(i), b: t, c: d,
                                        d: Int32(then), line: Int32(line)))
            case .scrollTo(let e, let animated, let line):
                let x = expr(e)
                return addStmt(FlatStmt(op: .scrollTo, sub: animated ? 1 : 0, b: x, line: Int32(line)))
            case .call(let k): return addStmt(FlatStmt(op: .call, a: Int32(k)))
            }
        }
    }

    package static let factOrder: [DeclaredFact] = [.time, .offset, .velocity, .phase, .fingerDown, .fingerTranslation, .fingerVelocity,
                                            .screenWidth, .screenHeight, .contentHeight, .offsetMin, .offsetMax, .insetTop, .insetBottom]
    package static func factCode(_ f: DeclaredFact) -> UInt8 { UInt8(factOrder.firstIndex(of: f) ?? 0) }
    package static let binaryOrder: [BinaryOp] = [.add, .subtract, .multiply, .divide, .remainder, .and, .or]
    package static func binaryCode(_ op: BinaryOp) -> UInt8 { UInt8(binaryOrder.firstIndex(of: op) ?? 0) }
    package static let compareOrder: [CompareOp] = [.eq, .ne, .lt, .le, .gt, .ge, .approx]
    package static func compareCode(_ op: CompareOp) -> UInt8 { UInt8(compareOrder.firstIndex(of: op) ?? 0) }
    package static let functionOrder: [BuiltinFunction] = [.min, .max, .abs, .clamp, .floor, .round]
    package static func functionCode(_ f: BuiltinFunction) -> UInt8 { UInt8(functionOrder.firstIndex(of: f) ?? 0) }
    package static let curveOrder: [Curve] = [.linear, .easeInOut, .easeIn, .easeOut]
    package static func curveCode(_ c: Curve) -> UInt8 { UInt8(curveOrder.firstIndex(of: c) ?? 0) }
}

/// A program's expressions for one instance: its params (fixed for the world) put in as
/// constants, what that makes constant folded (`-hideDistance`, `screen.height`'s partner
/// `height`), and each comparison with a constant fused into one node (`lessK` …). Made
/// once when a world starts; every copy of the instance shares it (it is never written
/// after `init`).
package final class FoldedCode: @unchecked Sendable {
    package let exprs: UnsafeMutableBufferPointer<FlatExpr>

    package init(_ code: FlatCode, params: [Double]) {
        let n = code.exprs.count
        exprs = UnsafeMutableBufferPointer<FlatExpr>.allocate(capacity: max(1, n))
        _ = exprs.initialize(from: code.exprs)
        let e = exprs
        // A node's operands come before it (the builder adds them first), so one pass in
        // order folds from the leaves up.
        func constant(_ j: Int32) -> Double? {
            j >= 0 && Int(j) < n && e[Int(j)].op == .constant ? e[Int(j)].k : nil
        }
        for i in 0..<n {
            let x = e[i]
            switch x.op {
            case .fact:
                if let at = FoldedCode.offset(ofFact: x.sub) { e[i] = FlatExpr(op: .factAt, a: Int32(at)) }
            case .param:
                if Int(x.a) < params.count { e[i] = FlatExpr(op: .constant, k: params[Int(x.a)]) }
            case .value:
                if let k = constant(x.a) { e[i] = FlatExpr(op: .constant, k: k) }
            case .negate:
                if let k = constant(x.a) { e[i] = FlatExpr(op: .constant, k: -k) }
            case .add, .subtract, .multiply, .divide:
                guard let l = constant(x.a), let r = constant(x.b) else { break }
                let v: Double
                switch x.op {
                case .add: v = l + r
                case .subtract: v = l - r
                case .multiply: v = l * r
                default: v = l / r
                }
                e[i] = FlatExpr(op: .constant, k: v)
            case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual:
                // x op k, or k op x read as x op' k (the same IEEE comparison turned round).
                if let k = constant(x.b) {
                    e[i] = FoldedCode.fused(FoldedCode.withConstant(x.op, turned: false), e[Int(x.a)], x.a, k)
                } else if let k = constant(x.a) {
                    e[i] = FoldedCode.fused(FoldedCode.withConstant(x.op, turned: true), e[Int(x.b)], x.b, k)
                }
            default:
                break
            }
        }
    }

    /// Where fact `code` (`FlatCode.factOrder`) is in `ScrollFacts`, if it is a stored Double.
    package static func offset(ofFact code: UInt8) -> Int? {
        let path: KeyPath<ScrollFacts, Double>
        switch code {
        case 0: path = \.time
        case 1: path = \.offset
        case 2: path = \.velocity
        case 5: path = \.fingerTranslation
        case 6: path = \.fingerVelocity
        case 7: path = \.screenWidth
        case 8: path = \.screenHeight
        case 9: path = \.contentHeight
        case 10: path = \.bounds.min
        case 11: path = \.bounds.max
        default: return nil
        }
        return MemoryLayout<ScrollFacts>.offset(of: path)
    }

    /// The comparison `op` (a `…K` one) of operand `node` (at `index`) with `k`: one node of
    /// its own when the operand is a fact at its offset, or the state compared for equality.
    package static func fused(_ op: FlatCode.E, _ node: FlatExpr, _ index: Int32, _ k: Double) -> FlatExpr {
        switch (op, node.op) {
        case (.lessK, .factAt): return FlatExpr(op: .factLessK, a: node.a, k: k)
        case (.lessOrEqualK, .factAt): return FlatExpr(op: .factLessOrEqualK, a: node.a, k: k)
        case (.greaterK, .factAt): return FlatExpr(op: .factGreaterK, a: node.a, k: k)
        case (.greaterOrEqualK, .factAt): return FlatExpr(op: .factGreaterOrEqualK, a: node.a, k: k)
        case (.equalK, .state): return FlatExpr(op: .stateEqualK, k: k)
        case (.notEqualK, .state): return FlatExpr(op: .stateNotEqualK, k: k)
        default: return FlatExpr(op: op, a: index, k: k)
        }
    }

    /// The fused comparison of `op` (`turned`: its constant was on the left).
    package static func withConstant(_ op: FlatCode.E, turned: Bool) -> FlatCode.E {
        switch op {
        case .less: return turned ? .greaterK : .lessK
        case .lessOrEqual: return turned ? .greaterOrEqualK : .lessOrEqualK
        case .greater: return turned ? .lessK : .greaterK
        case .greaterOrEqual: return turned ? .lessOrEqualK : .greaterOrEqualK
        case .equal: return .equalK
        default: return .notEqualK
        }
    }

    deinit { exprs.deallocate() }
}

/// One running animation of a var.
package struct DeclaredAnimation: Equatable, Sendable {
    package var active = false
    package var tween = Tween(from: 0, to: 0, start: 0, duration: 0, curve: .linear)
    package var then = -1
    /// The order it started in (animations ending in one frame end in that order).
    package var order = 0
}

/// A declared behaviour's instance in a world.
package struct DeclaredInstance: Behaviour {
    package let program: DeclaredProgram
    /// The program's flat code (kept alive by `program`), its expressions those of `folded`.
    package let ptr: FlatPointers
    /// Its expressions with its params folded in (kept alive here).
    package let folded: FoldedCode
    package let id: BehaviourID
    package let stateIDs: [StateID]
    package let params: [Double]
    package let halfFrame: Double
    package var variables: [Double]
    package var state = 0
    package var animations: [DeclaredAnimation]
    package var scrollAnimation = DeclaredAnimation()
    package var started = 0
    package var locals: [Double]
    // The handler's context (only while a handler runs).
    package var target = 0.0
    package var targetSet = false
    package var decelerate = false
    package var releaseVelocity = 0.0
    package var fault: BehaviourFault?
    /// The values of what it reads of the world (`program.reads`), as the world last gave them.
    package var readings: [Double]

    package init(_ program: DeclaredProgram, _ setup: BehaviourSetup) {
        self.program = program
        id = setup.id
        stateIDs = program.states.enumerated().map { StateID(family: .behaviour(setup.id), index: $0, name: $1) }
        // Its params, then every core tunable (`row.height`, `deceleration`: the checker
        // lowers a read of core tunable k to param `params.count + k`), fixed for the world.
        let core = setup.coreTunables.count == CoreTunable.allCases.count
            ? setup.coreTunables : CoreTunable.allCases.map { $0.defaultValue }
        params = setup.tunables + core
        folded = FoldedCode(program.code, params: params)
        var pointers = program.code.pointers
        pointers.exprs = folded.exprs.baseAddress!
        ptr = pointers
        halfFrame = 0.5 / Double(max(1, setup.fps))
        variables = Array(repeating: 0, count: program.variableInits.count)
        animations = Array(repeating: DeclaredAnimation(), count: program.variableInits.count)
        locals = Array(repeating: 0, count: max(1, program.localCount))
        readings = Array(repeating: 0, count: program.reads.count)
    }

    package mutating func take(readings values: UnsafeBufferPointer<Double>) {
        for k in 0..<Swift.min(values.count, readings.count) { readings[k] = values[k] }
    }

    /// How many of its vars animate now.
    package var activeAnimations = 0
    package var animating: Bool { activeAnimations > 0 || scrollAnimation.active }

    package mutating func start(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        fault = nil
        let code = program.code!
        let a = adjustments
        withUnsafePointer(to: scroll) { f in
            var env = EvalEnv(f, a)
            for i in code.variableInits.indices {
                let v = eval(code.variableInits[i], &env)
                variables[i] = finite(v, line: program.variableLines[i])
            }
        }
        return Reaction(animating: false, fault: fault)
    }

    // The events' handlers, by their place in `FlatCode.handlers`.
    package static let willBeginDragging = 0, didScroll = 1, dragging = 2, willEndDragging = 3, didEndDragging = 4,
               willBeginDecelerating = 5, didEndDecelerating = 6, didEndScrollingAnimation = 7, frame = 8

    // Inlined into the protocol's witness, which then writes the reaction straight into the
    // world's (not a copy of it read back at once: a stalled store-to-load forward, 8 % of
    // a declared toolbar's frame by profile).
    @inline(__always)
    package mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        withUnsafePointer(to: scroll) { f in reduce(event, f, &adjustments) }
    }

    @inline(__always)
    private mutating func reduce(_ event: BehaviourEvent, _ facts: UnsafePointer<ScrollFacts>,
                                 _ adjustments: inout Adjustments) -> Reaction {
        fault = nil
        var env = EvalEnv(facts, adjustments)
        switch event {
        case .dragBegan:
            scrollAnimation.active = false
            runEvent(Self.willBeginDragging, &env, &adjustments)
        case .decelerationEnded:
            runEvent(Self.didEndDecelerating, &env, &adjustments)
        case .frameTicked:
            advanceAnimations(&env, &adjustments)
        case .frameEnded(let pass):
            runEvent(pass == 0 ? Self.didScroll : pass == 1 ? Self.dragging : Self.frame, &env, &adjustments)
        case .flingTargetChosen(let v):
            target = adjustments.flingTarget
            targetSet = false
            releaseVelocity = v
            runEvent(Self.willEndDragging, &env, &adjustments)
            if targetSet {
                if target.isFinite { adjustments.flingTarget = target } else if fault == nil { fault = .targetNotFinite(target) }
            }
        case .dragEnded(let willDecelerate):
            decelerate = willDecelerate
            runEvent(Self.didEndDragging, &env, &adjustments)
            if willDecelerate { runEvent(Self.willBeginDecelerating, &env, &adjustments) }
        case .viewTapped(let v, _):
            if v.behaviour == id, v.view < program.views.count { runEvent(9 + v.view, &env, &adjustments) }
        case .fingerTracked, .scrolled, .sectionHeaderTapped, .frameWatched:
            break
        }
        return Reaction(animating: animating, fault: fault)
    }

    // MARK: Animations (step 3)

    private mutating func advanceAnimations(_ env: inout EvalEnv, _ adjustments: inout Adjustments) {
        let t = env.facts.time
        if scrollAnimation.active {
            adjustments.requestedOffset = scrollAnimation.tween.value(at: t)
        }
        var finishedScroll = false
        if scrollAnimation.active, scrollAnimation.tween.isFinished(at: t) {
            scrollAnimation.active = false
            finishedScroll = true
        }
        guard activeAnimations > 0 else {
            if finishedScroll { runEvent(Self.didEndScrollingAnimation, &env, &adjustments) }
            return
        }
        var anyFinished = false
        for i in animations.indices where animations[i].active {
            variables[i] = animations[i].tween.value(at: t)
            if animations[i].tween.isFinished(at: t) { anyFinished = true }
        }
        // None ends now (most frames of an animation): nothing to look for below.
        guard anyFinished else {
            if finishedScroll { runEvent(Self.didEndScrollingAnimation, &env, &adjustments) }
            return
        }
        // Those that end now, in the order they started (their `then` bodies may start more,
        // which first move in the next frame).
        let startedBefore = started
        while true {
            var next = -1
            for i in animations.indices where animations[i].active && animations[i].order < startedBefore
                && animations[i].tween.isFinished(at: t) {
                if next < 0 || animations[i].order < animations[next].order { next = i }
            }
            if next < 0 { break }
            animations[next].active = false
            activeAnimations -= 1
            variables[next] = animations[next].tween.to
            let then = animations[next].then
            if then >= 0 { run(ptr.thens[then], &env, &adjustments) }
        }
        if finishedScroll { runEvent(Self.didEndScrollingAnimation, &env, &adjustments) }
    }

    // MARK: Bodies

    /// Runs the handlers of event number `e` (the statics above; 9 + a view's number: its taps).
    private mutating func runEvent(_ e: Int, _ env: inout EvalEnv, _ adjustments: inout Adjustments) {
        var k = Int(ptr.handlerIndex[e])
        let end = Int(ptr.handlerIndex[e + 1])
        while k < end {
            run(ptr.handlers[k], &env, &adjustments)
            k += 1
        }
    }

    @inline(__always)
    private mutating func run(_ body: FlatBody, _ env: inout EvalEnv, _ adjustments: inout Adjustments) {
        var k = Int(body.start)
        let end = k + Int(body.count)
        while k < end {
            execute(Int(ptr.bodyItems[k]), &env, &adjustments)
            k += 1
        }
    }

    private mutating func finite(_ v: Double, line: Int) -> Double {
        if v.isFinite { return v }
        if fault == nil { fault = .declaredNotFinite(file: program.file, line: line, v) }
        return 0
    }

    private mutating func execute(_ index: Int, _ env: inout EvalEnv, _ adjustments: inout Adjustments) {
        let s = ptr.stmts[index]
        let line = Int(s.line)
        switch s.op {
        case .setVariable:
            let i = Int(s.a)
            let v = eval(s.b, &env)
            guard v.isFinite else { _ = finite(v, line: line); return }
            if animations[i].active {
                animations[i].active = false
                activeAnimations -= 1
            }
            variables[i] = v
        case .setState:
            state = Int(s.a)
        case .setStateTo:
            let k = Int(eval(s.b, &env))
            if k >= 0 && k < stateIDs.count { state = k }
        case .setTarget:
            let v = eval(s.b, &env)
            guard v.isFinite else { _ = finite(v, line: line); return }
            target = v
            targetSet = true
        case .setInset:
            let v = eval(s.b, &env)
            guard v.isFinite else { _ = finite(v, line: line); return }
            if s.sub == 1 {
                adjustments.contentInsetTop = v
                env.insetTop = v
            } else {
                adjustments.contentInsetBottom = v
                env.insetBottom = v
            }
        case .setLocal:
            locals[Int(s.a)] = finite(eval(s.b, &env), line: line)
        case .branch:
            var k = Int(s.a)
            for _ in 0..<Int(s.b) {
                if test(ptr.branches[k], &env) {
                    run(FlatBody(start: ptr.branches[k + 1], count: ptr.branches[k + 2]), &env, &adjustments)
                    return
                }
                k += 3
            }
            run(FlatBody(start: s.c, count: s.d), &env, &adjustments)
        case .animate:
            let i = Int(s.a)
            let target = eval(s.b, &env)
            let duration = eval(s.c, &env)
            guard target.isFinite else { _ = finite(target, line: line); return }
            guard duration.isFinite, duration >= 0 else {
                if fault == nil { fault = .animationNotFinite(duration) }
                return
            }
            if !animations[i].active { activeAnimations += 1 }
            animations[i] = DeclaredAnimation(active: true, tween: Tween(from: variables[i], to: target, start: env.facts.time, duration: duration,
                                                                         curve: FlatCode.curveOrder[Int(s.sub)]),
                                              then: Int(s.d), order: started)
            started += 1
        case .scrollTo:
            let v = eval(s.b, &env)
            guard v.isFinite else { _ = finite(v, line: line); return }
            if s.sub == 1 {
                scrollAnimation = DeclaredAnimation(active: true, tween: Tween(from: env.facts.offset, to: v, start: env.facts.time,
                                                                               duration: 0.3, curve: .easeInOut),
                                                    then: -1, order: 0)
            } else {
                scrollAnimation.active = false
                adjustments.requestedOffset = v
            }
        case .call:
            run(ptr.actions[Int(s.a)], &env, &adjustments)
        }
    }

    // MARK: Expressions

    @inline(__always)
    package static func fact(_ f: UInt8, _ env: inout EvalEnv) -> Double {
        switch f {
        case 0: return env.facts.time
        case 1: return env.facts.offset
        case 2: return env.facts.velocity
        case 3:
            switch env.facts.phase {
            case .idle: return 0
            case .dragging: return 1
            case .decelerating: return 2
            case .bouncing: return 3
            }
        case 4: return env.facts.fingerDown ? 1 : 0
        case 5: return env.facts.fingerTranslation
        case 6: return env.facts.fingerVelocity
        case 7: return env.facts.screenWidth
        case 8: return env.facts.screenHeight
        case 9: return env.facts.contentHeight
        case 10: return env.facts.bounds.min
        case 11: return env.facts.bounds.max
        case 12: return env.insetTop
        default: return env.insetBottom
        }
    }

    /// The fact that is the Double at byte `offset` of the facts (`FoldedCode.offset(ofFact:)`).
    @inline(__always)
    package static func fact(at offset: Int32, _ env: inout EvalEnv) -> Double {
        UnsafeRawPointer(env.factsPointer).load(fromByteOffset: Int(offset), as: Double.self)
    }

    /// An operand: a leaf read in place, anything else evaluated (one call fewer for the
    /// comparisons and arithmetic a body is mostly made of).
    @inline(__always)
    package mutating func operand(_ index: Int32, _ env: inout EvalEnv) -> Double {
        let e = ptr.exprs[Int(index)]
        switch e.op {
        case .constant: return e.k
        case .factAt: return Self.fact(at: e.a, &env)
        case .fact: return Self.fact(e.sub, &env)
        case .param: return params[Int(e.a)]
        case .variable: return variables[Int(e.a)]
        case .state: return Double(state)
        case .local: return locals[Int(e.a)]
        default: return eval(index, &env)
        }
    }

    /// A condition. The superinstructions that need no operand are decided in place, in the
    /// caller (an `if`, an `and`): no call; anything else by `testTree`.
    @inline(__always)
    package mutating func test(_ index: Int32, _ env: inout EvalEnv) -> Bool {
        let e = ptr.exprs[Int(index)]
        switch e.op {
        case .factLessK: return Self.fact(at: e.a, &env) < e.k
        case .factLessOrEqualK: return Self.fact(at: e.a, &env) <= e.k
        case .factGreaterK: return Self.fact(at: e.a, &env) > e.k
        case .factGreaterOrEqualK: return Self.fact(at: e.a, &env) >= e.k
        case .stateEqualK: return Double(state) == e.k
        case .stateNotEqualK: return Double(state) != e.k
        default: return testTree(index, &env)
        }
    }

    /// A condition: a comparison, `and`, `or` or `not` decided without making its 0 or 1
    /// (one jump fewer for each, in the statements a frame runs most).
    package mutating func testTree(_ index: Int32, _ env: inout EvalEnv) -> Bool {
        let e = ptr.exprs[Int(index)]
        switch e.op {
        case .less: return operand(e.a, &env) < operand(e.b, &env)
        case .lessOrEqual: return operand(e.a, &env) <= operand(e.b, &env)
        case .greater: return operand(e.a, &env) > operand(e.b, &env)
        case .greaterOrEqual: return operand(e.a, &env) >= operand(e.b, &env)
        case .equal: return operand(e.a, &env) == operand(e.b, &env)
        case .notEqual: return operand(e.a, &env) != operand(e.b, &env)
        case .lessK: return operand(e.a, &env) < e.k
        case .lessOrEqualK: return operand(e.a, &env) <= e.k
        case .greaterK: return operand(e.a, &env) > e.k
        case .greaterOrEqualK: return operand(e.a, &env) >= e.k
        case .equalK: return operand(e.a, &env) == e.k
        case .notEqualK: return operand(e.a, &env) != e.k
        case .factLessK: return Self.fact(at: e.a, &env) < e.k
        case .factLessOrEqualK: return Self.fact(at: e.a, &env) <= e.k
        case .factGreaterK: return Self.fact(at: e.a, &env) > e.k
        case .factGreaterOrEqualK: return Self.fact(at: e.a, &env) >= e.k
        case .stateEqualK: return Double(state) == e.k
        case .stateNotEqualK: return Double(state) != e.k
        case .and: return test(e.a, &env) && test(e.b, &env)
        case .or: return test(e.a, &env) || test(e.b, &env)
        case .not: return !test(e.a, &env)
        default: return operand(index, &env) != 0
        }
    }

    package mutating func eval(_ index: Int32, _ env: inout EvalEnv) -> Double {
        let e = ptr.exprs[Int(index)]
        switch e.op {
        case .constant: return e.k
        case .factAt: return Self.fact(at: e.a, &env)
        case .fact: return Self.fact(e.sub, &env)
        case .param: return params[Int(e.a)]
        case .variable: return variables[Int(e.a)]
        case .value: return eval(e.a, &env)
        case .state: return Double(state)
        case .local: return locals[Int(e.a)]
        case .target: return target
        case .decelerate: return decelerate ? 1 : 0
        case .releaseVelocity: return releaseVelocity
        case .world: return readings[Int(e.a)]
        case .negate: return -operand(e.a, &env)
        case .not: return test(e.a, &env) ? 0 : 1
        case .arithmetic:
            let x = operand(e.a, &env), y = operand(e.b, &env)
            switch e.sub {
            case 0: return x + y
            case 1: return x - y
            case 2: return x * y
            case 3: return x / y
            case 4: return x.truncatingRemainder(dividingBy: y)
            case 5: return x != 0 && y != 0 ? 1 : 0
            default: return x != 0 || y != 0 ? 1 : 0
            }
        case .and: return test(e.a, &env) && test(e.b, &env) ? 1 : 0
        case .or: return test(e.a, &env) || test(e.b, &env) ? 1 : 0
        case .compare:
            let x = operand(e.a, &env), y = operand(e.b, &env)
            switch e.sub {
            case 0: return x == y ? 1 : 0
            case 1: return x != y ? 1 : 0
            case 2: return x < y ? 1 : 0
            case 3: return x <= y ? 1 : 0
            case 4: return x > y ? 1 : 0
            case 5: return x >= y ? 1 : 0
            default: return abs(x - y) <= (e.c >= 0 ? eval(e.c, &env) : 0.5) ? 1 : 0
            }
        case .add: return operand(e.a, &env) + operand(e.b, &env)
        case .subtract: return operand(e.a, &env) - operand(e.b, &env)
        case .multiply: return operand(e.a, &env) * operand(e.b, &env)
        case .divide: return operand(e.a, &env) / operand(e.b, &env)
        case .less: return operand(e.a, &env) < operand(e.b, &env) ? 1 : 0
        case .lessOrEqual: return operand(e.a, &env) <= operand(e.b, &env) ? 1 : 0
        case .greater: return operand(e.a, &env) > operand(e.b, &env) ? 1 : 0
        case .greaterOrEqual: return operand(e.a, &env) >= operand(e.b, &env) ? 1 : 0
        case .equal: return operand(e.a, &env) == operand(e.b, &env) ? 1 : 0
        case .notEqual: return operand(e.a, &env) != operand(e.b, &env) ? 1 : 0
        case .lessK: return operand(e.a, &env) < e.k ? 1 : 0
        case .lessOrEqualK: return operand(e.a, &env) <= e.k ? 1 : 0
        case .greaterK: return operand(e.a, &env) > e.k ? 1 : 0
        case .greaterOrEqualK: return operand(e.a, &env) >= e.k ? 1 : 0
        case .equalK: return operand(e.a, &env) == e.k ? 1 : 0
        case .notEqualK: return operand(e.a, &env) != e.k ? 1 : 0
        case .factLessK: return Self.fact(at: e.a, &env) < e.k ? 1 : 0
        case .factLessOrEqualK: return Self.fact(at: e.a, &env) <= e.k ? 1 : 0
        case .factGreaterK: return Self.fact(at: e.a, &env) > e.k ? 1 : 0
        case .factGreaterOrEqualK: return Self.fact(at: e.a, &env) >= e.k ? 1 : 0
        case .stateEqualK: return Double(state) == e.k ? 1 : 0
        case .stateNotEqualK: return Double(state) != e.k ? 1 : 0
        case .halfFrame:
            return abs(operand(e.a, &env) - operand(e.b, &env)) <= halfFrame ? 1 : 0
        case .function:
            let start = Int(e.a), n = Int(e.b)
            switch e.sub {
            case 0, 1:
                var v = operand(ptr.args[start], &env)
                var k = 1
                while k < n {
                    let w = operand(ptr.args[start + k], &env)
                    v = e.sub == 0 ? Swift.min(v, w) : Swift.max(v, w)
                    k += 1
                }
                return v
            case 2: return abs(operand(ptr.args[start], &env))
            case 3:
                let x = operand(ptr.args[start], &env), lo = operand(ptr.args[start + 1], &env),
                    hi = operand(ptr.args[start + 2], &env)
                return Swift.min(Swift.max(x, lo), hi)
            case 4: return operand(ptr.args[start], &env).rounded(.down)
            default: return operand(ptr.args[start], &env).rounded(.toNearestOrAwayFromZero)
            }
        }
    }

    // MARK: What it reports

    package func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        let nv = program.variableInits.count, nval = program.values.count
        if observable < nv {
            return DeclaredInstance.value(variables[observable], program.variableKinds[observable])
        }
        if observable < nv + nval {
            let k = observable - nv
            let code = program.code!
            let v = evaluating(scroll, adjustments) { me, env in me.eval(code.values[k], &env) }
            return DeclaredInstance.value(v, program.valueKinds[k])
        }
        return .state(stateIDs[min(state, stateIDs.count - 1)])
    }

    package static func value(_ v: Double, _ kind: DeclaredKind) -> Value {
        switch kind {
        case .quantity(let q): return .number(v, q)
        case .bool: return .bool(v != 0)
        case .state, .string, .rect: return .number(v, .number)
        }
    }

    /// §9: a view is present while its `when` holds; its alpha decides only taps (a
    /// transparent view is listed by `frames` and drawn, and takes no tap: `absence`).
    private func present(_ view: Int, _ code: FlatCode, _ s: ScrollFacts, _ a: Adjustments) -> Bool {
        let w = code.views[view].when
        return !(w >= 0 && evaluating(s, a, { me, env in me.eval(w, &env) }) == 0)
    }

    /// Why a view takes no tap: its `when` is false (it has no frame), or its alpha is below
    /// 0.01 (nil: neither).
    package func absence(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> ViewAbsence? {
        let code = program.code!
        guard view < code.views.count else { return nil }
        let w = code.views[view].when
        if w >= 0, evaluating(scroll, adjustments, { me, env in me.eval(w, &env) }) == 0 { return .whenFalse }
        let a = opacity(of: view, scroll, adjustments)
        return a < 0.01 ? .transparent(alpha: a) : nil
    }

    package func viewsFault(_ scroll: ScrollFacts, _ adjustments: Adjustments) -> BehaviourFault? {
        let code = program.code!
        var k = 0
        while k < code.views.count {
            let v = code.views[k]
            let present = v.when < 0 || evaluating(scroll, adjustments, { me, env in me.eval(v.when, &env) }) != 0
            if present {
                // The first of x, y, width, height and alpha that is not finite (no array: under
                // an observer the check runs after every frame).
                let bad = evaluating(scroll, adjustments, { me, env -> Double? in
                    let x = me.eval(v.x, &env), y = me.eval(v.y, &env)
                    let w = me.eval(v.width, &env), h = me.eval(v.height, &env)
                    let a = v.alpha >= 0 ? me.eval(v.alpha, &env) : 1
                    if !x.isFinite { return x }
                    if !y.isFinite { return y }
                    if !w.isFinite { return w }
                    if !h.isFinite { return h }
                    return a.isFinite ? nil : a
                })
                if let bad {
                    let line = k < program.viewLines.count ? program.viewLines[k] : 0
                    return .declaredNotFinite(file: program.file, line: line, bad)
                }
            }
            k += 1
        }
        return nil
    }

    package func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? {
        let code = program.code!
        guard view < code.views.count, present(view, code, scroll, adjustments) else { return nil }
        let v = code.views[view]
        let r = evaluating(scroll, adjustments) { me, env in
            Rect(x: me.eval(v.x, &env), y: me.eval(v.y, &env), width: me.eval(v.width, &env), height: me.eval(v.height, &env))
        }
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
        return r
    }

    package func opacity(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Double {
        let code = program.code!
        guard view < code.views.count, code.views[view].alpha >= 0 else { return 1 }
        let v = evaluating(scroll, adjustments) { me, env in me.eval(code.views[view].alpha, &env) }
        return v.isFinite ? min(1, max(0, v)) : 0
    }

    /// Runs `body` with a copy of the instance and the environment of `scroll` (a value or a
    /// view's frame, read outside a handler).
    private func evaluating<R>(_ scroll: ScrollFacts, _ adjustments: Adjustments,
                               _ body: (inout DeclaredInstance, inout EvalEnv) -> R) -> R {
        var me = self
        return withUnsafePointer(to: scroll) { f in
            var env = EvalEnv(f, adjustments)
            return body(&me, &env)
        }
    }

    package func isEqual(to other: any Behaviour) -> Bool {
        guard let o = other as? DeclaredInstance else { return false }
        return o.program === program && o.id == id && o.params == params && o.variables == variables && o.state == state
            && o.animations == animations && o.scrollAnimation == scrollAnimation
    }
}
