// `Array(repeating:count:)` for code every thread of a run calls (each scenario's scene,
// world and layout, each file's lexer): the standard library makes that array in a
// function it never specialises, which looks the array's storage type up in the Swift
// runtime's metadata cache on every call, and that lookup writes a reader count every
// thread shares. Appending to a reserved array is specialised where it is written, and
// reads the type from a per-type cache instead.

extension Array {
    /// An array of `count` copies of `value`, as `Array(repeating:count:)` (a negative count
    /// gives an empty array).
    @inlinable
    package init(filled value: Element, count: Int) {
        self.init()
        guard count > 0 else { return }
        reserveCapacity(count)
        for _ in 0..<count { append(value) }
    }
}
