// Whole numbers, one rule for every stage: which values count as whole (a count, an
// index, a repeat) and how a whole value is written in a message.

/// `v` as an Int when it is whole, at least 0 and below `limit`, else nil. The limit is
/// the caller's (the checker's 1e15, an index's 1e9): every such value fits an Int.
package func wholeNumber(_ v: Double, below limit: Double = 1e15) -> Int? {
    guard v.isFinite, v >= 0, v == v.rounded(), v < limit else { return nil }
    return Int(exactly: v)
}

/// `240`, `0.25`, `1e+20`: a number as a message shows it (a whole value below 1e15 in
/// magnitude without a decimal point).
package func numberText(_ v: Double) -> String {
    if v.isFinite && v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}
