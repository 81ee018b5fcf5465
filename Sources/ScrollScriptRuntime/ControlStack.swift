// The interpreter's explicit control stack: one entry per open statement list (the
// scenario's, then each running `repeat` body). No recursion over blocks, however deep.
// Stored as parallel arrays so that taking the next statement copies no list.

package struct ControlStack {
    private var lists: [[ResolvedStmt]] = []
    private var indexes: [Int] = []
    private var counts: [Int] = []
    /// Further passes over each list after the current one (repeat bodies).
    private var passes: [Int] = []

    /// Open lists (1 at the top level of a scenario).
    package var depth: Int { indexes.count }
    package var isEmpty: Bool { indexes.isEmpty }

    /// Opens a list that runs `1 + extraPasses` times. An empty list is not opened.
    package mutating func push(_ statements: [ResolvedStmt], extraPasses: Int) {
        guard !statements.isEmpty else { return }
        lists.append(statements)
        indexes.append(0)
        counts.append(statements.count)
        passes.append(extraPasses)
    }

    /// Adds statements at the end of the bottom list (opening it if needed).
    package mutating func appendToBottom(_ statements: [ResolvedStmt]) {
        guard !statements.isEmpty else { return }
        if lists.isEmpty {
            push(statements, extraPasses: 0)
        } else {
            lists[0].append(contentsOf: statements)
            counts[0] = lists[0].count
        }
    }

    /// Closes finished lists, starting the next pass of a repeat body.
    package mutating func popExhausted() {
        var k = indexes.count - 1
        while k >= 0 && indexes[k] >= counts[k] {
            if passes[k] > 0 {
                passes[k] -= 1
                indexes[k] = 0
            } else {
                lists.removeLast()
                indexes.removeLast()
                counts.removeLast()
                passes.removeLast()
                k -= 1
            }
        }
    }

    /// The next statement, without taking it.
    package func peek() -> ResolvedStmt? {
        let k = indexes.count - 1
        guard k >= 0, indexes[k] < counts[k] else { return nil }
        return lists[k][indexes[k]]
    }

    /// Takes the next statement (after closing finished lists); nil at the end.
    package mutating func next() -> ResolvedStmt? {
        popExhausted()
        let k = indexes.count - 1
        guard k >= 0 else { return nil }
        let s = lists[k][indexes[k]]
        indexes[k] += 1
        return s
    }

    package mutating func clear() {
        lists = []
        indexes = []
        counts = []
        passes = []
    }
}
