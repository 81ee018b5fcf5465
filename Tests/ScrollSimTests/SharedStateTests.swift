import XCTest
@testable import ScrollSim

/// What every thread of a run reads: the registry (its storage retained once, for the
/// process, and read without retaining it) and `Array(filled:count:)` (ArrayFilled.swift).
final class SharedStateTests: XCTestCase {
    func testFilledIsRepeating() {
        XCTAssertEqual(Array(filled: 7, count: 3), [7, 7, 7])
        XCTAssertEqual(Array(filled: 1.5, count: 1), [1.5])
        XCTAssertEqual(Array(filled: "x", count: 0), [])
        XCTAssertEqual(Array(filled: 2, count: -4), [], "a negative count is an empty array, not a trap")
        let optionals: [Double?] = Array(filled: nil, count: 2)
        XCTAssertEqual(optionals.count, 2)
        XCTAssertTrue(optionals.allSatisfy { $0 == nil })
        var grown = Array(filled: 0, count: 2)
        grown.append(5)
        XCTAssertEqual(grown, [0, 0, 5])
    }

    /// A registry made in a function, whose every copy but one is gone, is still whole: its
    /// storage is retained once, for the process, not by the copies.
    func testARegistryOutlivesTheCopiesThatMadeIt() {
        func make() -> BehaviourRegistry {
            let r = BehaviourRegistry(BehaviourRegistry.builtIn.entries)
            let copies = (0..<100).map { _ in r }
            return copies[50]
        }
        let r = make()
        // As many behaviours as the built-ins (derived: a new built-in needs no edit here),
        // among them the six of the spec, by name (independent: the test can still fail).
        XCTAssertEqual(r.count, BehaviourRegistry.builtIn.count)
        let names = r.ids.map { r.declaration($0).name }
        for spec in ["header", "parallax", "toggle", "toolbar", "accordion", "refresh"] {
            XCTAssertTrue(names.contains(spec), "\(spec) in \(names)")
        }
        XCTAssertEqual(r.configWord(named: "toolbar")?.word, "toolbar")
        XCTAssertEqual(r.configWord(named: "header")?.argument?.placeholder, "H")
        XCTAssertNil(r.configWord(named: "footer"))
        XCTAssertEqual(r, r)
        XCTAssertNotEqual(r, BehaviourRegistry.builtIn, "two registries are equal only when they are the same")
        XCTAssertEqual(BehaviourRegistry.builtIn, BehaviourRegistry.builtIn)
    }

    /// `views(of:)` and `optionCount(of:)` read what the declaration says.
    func testPartsReadInPlaceMatchTheDeclaration() {
        let r = BehaviourRegistry.builtIn
        for id in r.ids {
            let d = r.declaration(id)
            XCTAssertEqual(r.views(of: id).map { $0.name }, d.views.map { $0.name })
            XCTAssertEqual(r.optionCount(of: id), d.options.count)
        }
        // Spec §3: the header's own options are `pin P` and `nostretch` (parallax and
        // toggle are other behaviours' options on its word); the table header is its view.
        let header = BehaviourID(0)
        XCTAssertEqual(r.optionCount(of: header), 2)
        XCTAssertEqual(r.views(of: header).map { $0.name }, ["header"])
        XCTAssertEqual(r.configWord(named: "header")?.optionWords.sorted(), ["nostretch", "parallax", "pin", "toggle"])
    }
}
