// Static kinds of expressions, for the checker: what a value measures, without running.

/// The dimension of a number: a bare literal fits any numeric quantity.
public enum NumberDimension: Equatable, Sendable {
    case bare
    case quantity(Quantity)

    /// Points, velocity and seconds are dimensioned; plain numbers and counts are not.
    package var dimensioned: Quantity? {
        if case .quantity(let q) = self, q.isDimensioned { return q }
        return nil
    }

    /// The quantity, nil for a bare literal (as the evaluator holds it).
    package var quantity: Quantity? {
        if case .quantity(let q) = self { return q }
        return nil
    }

    /// Whether it mixes with `o` (`QuantityMix.agree`).
    package func compatible(_ o: NumberDimension) -> Bool {
        QuantityMix.agree(quantity, o.quantity)
    }

    /// How a diagnostic names it (`ValueKind.displayName`): a bare literal is `a number`.
    package var name: String {
        switch self {
        case .bare: return ValueKind.quantity(.number).displayName
        case .quantity(let q): return ValueKind.quantity(q).displayName
        }
    }

    package static func of(_ unit: NumberUnit) -> NumberDimension {
        unit.quantity.map { .quantity($0) } ?? .bare
    }
}

/// The static type of an expression.
public enum StaticType: Equatable, Sendable {
    case num(NumberDimension)
    case bool
    /// A state value; the family when known (a bare state name knows its family).
    case state(StateFamily)
    case string
    case rect

    /// The kind of a value met while running (a REPL session's `let` names are typed by
    /// their values); a state's family is `registry`'s.
    package init(_ v: Value, _ registry: BehaviourRegistry) {
        switch v {
        case .number(_, let q): self = .num(q == .number ? .bare : .quantity(q))
        case .bool: self = .bool
        case .state(let s): self = .state(registry.family(s.family))
        case .string: self = .string
        case .rect: self = .rect
        }
    }

    package var name: String {
        switch self {
        case .num(let d): return d.name
        case .bool: return ValueKind.bool.displayName
        case .state(let s): return ValueKind.state(s).displayName
        case .string: return ValueKind.string.displayName
        case .rect: return ValueKind.rect.displayName
        }
    }

    package static func of(_ k: ValueKind) -> StaticType {
        switch k {
        case .quantity(let q): return .num(.quantity(q))
        case .bool: return .bool
        case .state(let s): return .state(s)
        case .string: return .string
        case .rect: return .rect
        }
    }
}

/// A constant number and its dimension, when an expression is made of literals only.
package struct Const {
    package var value: Double
    package var dim: NumberDimension
}

/// Evaluates literal arithmetic (`-900`, `(2 * 60)s` is not valid but `120 / 2` is).
/// nil when the expression reads the world or is not numeric.
package func constValue(_ e: Expr) -> Const? {
    switch e {
    case .number(let n, _):
        // A literal too large for a Double was reported by the lexer: nothing more to say.
        guard n.value.isFinite else { return nil }
        return Const(value: n.value, dim: NumberDimension.of(n.unit))
    case .paren(let x, _): return constValue(x)
    case .unary(.negate, let x, _):
        guard let c = constValue(x) else { return nil }
        return Const(value: -c.value, dim: c.dim)
    case .binary(let op, let a, let b, _):
        guard let x = constValue(a), let y = constValue(b) else { return nil }
        // A constant product keeps the kind `+` gives (the checker's type of it is a plain
        // number when both sides are dimensioned; a configuration value names this one).
        let sum = QuantityMix.sum(x.dim, y.dim)
        switch op {
        case .add: return Const(value: x.value + y.value, dim: sum)
        case .subtract: return Const(value: x.value - y.value, dim: sum)
        case .multiply: return Const(value: x.value * y.value, dim: sum)
        case .divide:
            if y.value == 0 { return nil }
            return Const(value: x.value / y.value, dim: QuantityMix.quotient(x.dim, y.dim))
        case .remainder:
            if y.value == 0 { return nil }
            return Const(value: x.value.truncatingRemainder(dividingBy: y.value), dim: sum)
        default: return nil
        }
    case .call(let name, let args, _):
        guard let f = BuiltinFunction(name: name) else { return nil }
        var values: [Double] = []
        var dim = NumberDimension.bare
        for a in args {
            guard let c = constValue(a) else { return nil }
            values.append(c.value)
            dim = QuantityMix.sum(dim, c.dim)
        }
        guard let v = f.apply(values) else { return nil }
        return Const(value: v, dim: dim)
    default: return nil
    }
}

/// True when `e` holds a number literal too large for a Double (the lexer reported it).
package func hasOverflowedLiteral(_ e: Expr) -> Bool {
    switch e {
    case .number(let n, _): return !n.value.isFinite
    case .paren(let x, _), .unary(_, let x, _): return hasOverflowedLiteral(x)
    case .binary(_, let a, let b, _), .compare(_, let a, let b, _, _): return hasOverflowedLiteral(a) || hasOverflowedLiteral(b)
    case .call(_, let args, _): return args.contains { hasOverflowedLiteral($0) }
    default: return false
    }
}

/// A number literal as written (`99999999999999999999`), else the value as `numberText` gives it.
package func literalText(_ e: Expr, _ value: Double) -> String {
    if case .number(let n, _) = e, n.unit == .none { return n.raw }
    return numberText(value)
}

