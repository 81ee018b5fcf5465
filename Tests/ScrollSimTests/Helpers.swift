import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// The number inside a Value. A non-number fails the test (and gives NaN): NaN alone
/// would still pass `XCTAssertNotEqual`.
func num(_ v: Value, file: StaticString = #filePath, line: UInt = #line) -> Double {
    if case .number(let x, _) = v { return x }
    XCTFail("not a number: \(v)", file: file, line: line)
    return .nan
}

func state(_ v: Value) -> String {
    if case .state(let s) = v { return s.name }
    return ""
}

/// The Bool inside a Value. A non-Bool fails the test: returning false alone would let
/// `XCTAssertFalse(flag(...))` pass on a value of the wrong kind.
func flag(_ v: Value, file: StaticString = #filePath, line: UInt = #line) -> Bool {
    if case .bool(let b) = v { return b }
    XCTFail("not a bool: \(v)", file: file, line: line)
    return false
}

extension World {
    mutating func run(_ frames: Int) {
        for _ in 0..<frames { step() }
    }

    mutating func pull(_ d: Double) { run(beginPull(d)) }
    mutating func drag(_ d: Double, in t: Double? = nil) { run(beginDrag(d, duration: t)) }
    mutating func fling(_ v: Double) { run(beginFling(v)) }

    /// Runs frames until at rest; returns the frames run (at most `limit`).
    @discardableResult
    mutating func settle(limit: Int = 36_000) -> Int {
        var n = 0
        while !isAtRest && n < limit { step(); n += 1 }
        return n
    }

    func n(_ id: ObservableID, _ s: Int = 0, _ r: Int = 0, file: StaticString = #filePath, line: UInt = #line) -> Double {
        num(value(id, section: s, row: r), file: file, line: line)
    }

    func n(_ id: CoreObservable, _ s: Int = 0, _ r: Int = 0, file: StaticString = #filePath, line: UInt = #line) -> Double {
        num(value(id, section: s, row: r), file: file, line: line)
    }
}

func scene(_ edit: (inout SceneConfig) -> Void) -> SceneConfig {
    var c = SceneConfig()
    edit(&c)
    return c
}
