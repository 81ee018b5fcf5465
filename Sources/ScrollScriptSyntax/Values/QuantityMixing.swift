// How quantities mix in `+ - * / %`, `min`/`max`/`clamp` and comparisons (spec §5): the one
// rule the checker (static kinds, `NumberDimension`) and the evaluator (values, `Quantity?`)
// both read. A quantity is nil, or `NumberDimension.bare`, for a literal without a unit.
//
// Which quantities combine is the same everywhere (`agree`). The quantity of the result
// differs in two places between what the checker states and what a value carries while
// running, and each side keeps its own on purpose (the checker's types name the messages,
// the values print and choose `~=` tolerances):
// - neither side dimensioned (`count + 1.5`): the checker states the right side's kind
//   (`/`: the left's); a value keeps the left side's quantity unless it is a bare literal;
// - `*` of two dimensioned quantities and `/` by a dimensioned one: the checker states a
//   plain number; a value keeps the dimensioned side (the left first).
import ScrollSim

package enum QuantityMix {
    /// Whether two quantities mix: points, velocity and seconds only with themselves;
    /// plain numbers, counts and bare literals with anything.
    @inline(__always)
    package static func agree(_ a: Quantity?, _ b: Quantity?) -> Bool {
        guard let a, a.isDimensioned, let b, b.isDimensioned else { return true }
        return a == b
    }

    /// The dimensioned one of two quantities, the left first; nil when neither is.
    @inline(__always)
    package static func dimensioned(_ a: Quantity?, _ b: Quantity?) -> Quantity? {
        if let a, a.isDimensioned { return a }
        if let b, b.isDimensioned { return b }
        return nil
    }

    /// A value's quantity after any operator or function of `a` and `b`: the dimensioned
    /// side, else the left unless it is a bare literal; `ok` false when they do not agree
    /// (an error for `+ - %`, the functions and comparisons).
    @inline(__always)
    package static func combine(_ a: Quantity?, _ b: Quantity?) -> (ok: Bool, result: Quantity?) {
        (agree(a, b), dimensioned(a, b) ?? a ?? b)
    }

    /// The checker's kind of `a + b` (and `-`, `%`, the functions, a tolerance's wanted
    /// kind): the dimensioned side, else the right side.
    package static func sum(_ a: NumberDimension, _ b: NumberDimension) -> NumberDimension {
        dimensioned(a.quantity, b.quantity).map { .quantity($0) } ?? b
    }

    /// The checker's kind of `a * b`: a plain number when both are dimensioned, else as `+`.
    package static func product(_ a: NumberDimension, _ b: NumberDimension) -> NumberDimension {
        a.dimensioned != nil && b.dimensioned != nil ? .bare : sum(a, b)
    }

    /// The checker's kind of `a / b`: a plain number when `b` is dimensioned, else `a`'s.
    package static func quotient(_ a: NumberDimension, _ b: NumberDimension) -> NumberDimension {
        b.dimensioned != nil ? .bare : a
    }
}
