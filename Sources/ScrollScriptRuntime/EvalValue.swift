// What evaluation works with: run-time errors, values (how quantities mix: QuantityMixing.swift), the default
// `~=` tolerance. The evaluator itself is `Evaluate` (Evaluator.swift); statements
// reach it through the resolved program (ResolvedProgram.swift).

/// A run-time error at a location: the scenario fails with it.
public struct RuntimeError: Error, Equatable, Sendable {
    public var location: SourceLocation
    public var problem: RunProblem

    public init(_ location: SourceLocation, _ problem: RunProblem) {
        self.location = location
        self.problem = problem
    }

    /// The problem in words.
    public var message: String { problem.message }
}

/// A value during evaluation. `quantity` nil is a bare number (a literal without a unit),
/// which mixes with any quantity.
package enum EvalValue: Equatable, Sendable {
    case number(Double, Quantity?)
    case bool(Bool)
    case state(StateID)
    case string(String)
    case rect(Rect)

    package init(_ v: Value) {
        switch v {
        case .number(let x, let q): self = .number(x, q)
        case .bool(let b): self = .bool(b)
        case .state(let s): self = .state(s)
        case .string(let s): self = .string(s)
        case .rect(let r): self = .rect(r)
        }
    }

    /// As the simulator's Value (bare numbers print as plain numbers).
    package var value: Value {
        switch self {
        case .number(let x, let q): return .number(x, q ?? .number)
        case .bool(let b): return .bool(b)
        case .state(let s): return .state(s)
        case .string(let s): return .string(s)
        case .rect(let r): return .rect(r)
        }
    }

}

/// `section[2].y` / `row[1,3].title`: how an indexed observable is written with numbers.
package func subscriptName(_ id: ObservableID, section: Int, row: Int?) -> String {
    guard case .core(let c) = id else { return Subscript.written(section: section, row: row) }
    return Subscript.written(section: section, row: row) + "." + (c.member ?? "")
}

/// The default `~=` tolerance for a quantity (spec §5).
public func defaultTolerance(_ q: Quantity?, fps: Int) -> Double {
    switch q {
    case .points?, .velocity?, .count?: return 0.5
    case .seconds?: return 0.5 / Double(max(1, fps))
    case .number?, nil: return 0.005
    }
}
