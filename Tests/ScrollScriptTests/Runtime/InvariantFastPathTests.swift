import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// `expect always` is checked after every frame through a pre-resolved form of its
/// condition (names resolved once, at registration). These pin that a broken invariant
/// still fails at the same frame, time and location with the same message and notes.
/// Expected numbers are worked out by hand from the spec (arithmetic in the comments).
final class InvariantFastPathTests: XCTestCase {
    /// Runs `text` (one scenario without blocks) and returns its failure.
    func failure(_ text: String) throws -> RunFailure {
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics, [], "check errors")
        let it = Interpreter(try XCTUnwrap(r.scenarios.first))
        XCTAssertEqual(it.run(), .failed)
        return try XCTUnwrap(it.failure)
    }

    func testSubscriptedObservable() throws {
        // pull 120 at 300 pt/s: the finger is at 5i pt at frame i; without a header row 0
        // sits at y = -offset = b(5i) = 5i*0.55*667/(667 + 0.55*5i).
        // i = 3: b(15) = 5502.75/675.25 = 8.149 < 10; i = 4: b(20) = 7337/678 = 10.82 >= 10.
        let f = try failure("expect always row[0, 0].y < 10\npull 120")
        assertFailure(f, line: 1, column: 1, time: 4.0 / 60, message: "invariant broken at t = 0.067 s",
                      notes: ["row[0,0].y is 10.82 at t = 0.067 s"])
    }

    func testTunable() throws {
        // finger at 5i pt against row.height 44: 5i < 44 fails first at i = 9 (45 pt),
        // t = 9/60 = 0.150 s.
        let f = try failure("pull 10\nexpect always finger.translation < row.height\npull 110")
        assertFailure(f, line: 2, time: 9.0 / 60, message: "invariant broken at t = 0.150 s",
                      notes: ["finger.translation is 45.00 at t = 0.150 s", "row.height is 44.00 at t = 0.150 s"])
    }

    func testStateComparison() throws {
        // At rest the phase is idle; the first frame of a pull puts the finger down:
        // dragging at frame 1, t = 1/60 = 0.017 s.
        let f = try failure("expect always phase == idle\nexpect always phase != bouncing\npull 30")
        assertFailure(f, line: 1, time: 1.0 / 60, message: "invariant broken at t = 0.017 s",
                      notes: ["phase is dragging at t = 0.017 s", "== expected idle, actual dragging"])
    }

    func testArithmeticWithUnits() throws {
        // 5i + 10 pt < 2 * 25 pt = 50 pt fails first at i = 8 (50 < 50 is false),
        // t = 8/60 = 0.1333 s.
        let f = try failure("expect always finger.translation + 10pt < 2 * 25pt\npull 120")
        assertFailure(f, time: 8.0 / 60, message: "invariant broken at t = 0.133 s",
                      notes: ["finger.translation is 40.00 at t = 0.133 s"])
    }

    func testRunTimeErrorInsideAnInvariant() throws {
        // finger.translation - 15 is 5i - 15 = 0 at frame 3 (t = 0.050 s): division by
        // zero, reported at the '/' (column 22: "expect always offset " is 21 characters).
        let f = try failure("expect always offset / (finger.translation - 15) < 100\npull 120")
        assertFailure(f, line: 1, column: 22, time: 3.0 / 60, message: "division by zero")
    }

    func testResolvedFormOnAWorldAtRest() throws {
        // At rest: offset 0, row.height 44, phase idle, 1 - 2 = -1.
        let cases: [(String, Bool)] = [
            ("offset == 0", true), ("offset + 1pt > 0", true), ("row.height == 44", true),
            ("phase == idle", true), ("phase != idle", false), ("not (1 - 2 < 0)", false),
            ("offset ~= 0.4", true), ("offset ~= 0.6", false), ("1 < 2 and 2 < 1", false),
        ]
        var world = World(SceneConfig())
        for (text, expected) in cases {
            let (p, d) = parseChunk("expect " + text)
            XCTAssertEqual(d, [], text)
            guard case .expect(let e)? = p.statements.first?.kind else { return XCTFail(text) }
            let names = checkStatementsAndWarn(p.statements, config: world.config).names
            XCTAssertEqual(Evaluate.holds(ResolvedExpr(e, names, world.registry, LetSlots()), in: &world, EvalBindings(lets: [])), expected, text)
        }
    }
}
