import XCTest
@testable import ScrollScript
import ScrollSimTestSupport
import ScrollSim

/// `tap.target == "..."` is resolved once: the literal becomes a `TapTargetName` and each
/// frame compares ids and indexes. It must pass and fail exactly as the string comparison
/// of spec §5; `check` refuses a literal that is no spelling of `tap.target`. Expected values worked out by hand: `sections 3 rows 2` titles the
/// sections "Section 0" .. "Section 2", so `tap header "Section 2"` taps section 2's header
/// and `tap.target` is "section[2]"; `tap row 0 1` makes it "row[0,1]"; before any tap it
/// is "".
final class TapTargetCompareTests: XCTestCase, SceneTests {
    let scene = "sections 3 rows 2\n"

    func testBeforeAnyTapItIsTheEmptyString() throws {
        XCTAssertNil(try run("expect tap.target == \"\""))
        XCTAssertNil(try run("expect tap.target != \"nothing\""))
        let f = try XCTUnwrap(try run("expect tap.target == \"nothing\""))
        XCTAssertEqual(f.notes, ["tap.target is \"\" at t = 0.000 s", "== expected \"nothing\", actual \"\""])
    }

    func testSectionHeaderEitherSide() throws {
        let tap = "tap header \"Section 2\"\n"
        XCTAssertNil(try run(tap + "expect tap.target == \"section[2]\""))
        XCTAssertNil(try run(tap + "expect \"section[2]\" == tap.target"))
        XCTAssertNil(try run(tap + "expect tap.target != \"section[1]\""))
        XCTAssertNil(try run(tap + "expect not (tap.target == \"header\")"))
        let f = try XCTUnwrap(try run(tap + "expect tap.target == \"section[1]\""))
        XCTAssertEqual(f.message, "expectation is false")
        XCTAssertEqual(f.notes, ["tap.target is \"section[2]\" at t = 0.000 s",
                                 "== expected \"section[1]\", actual \"section[2]\""])
        XCTAssertNotNil(try run(tap + "expect tap.target != \"section[2]\""))
    }

    func testOnlyTheOneSpellingIsEqual() throws {
        // String equality: another spelling of the same numbers is a different string.
        let tap = "tap row 0 1\n"
        XCTAssertNil(try run(tap + "expect tap.target == \"row[0,1]\""))
        XCTAssertNotNil(try run(tap + "expect tap.target == \"section[0]\""))
        XCTAssertNil(try run(tap + "expect tap.target != \"section[0]\""))
        for other in ["row[0, 1]", "row[00,1]", "row[+0,1]", "row[0,1", "row[0,1,2]", "Row[0,1]"] {
            // `check` refuses a spelling `tap.target` never has ...
            let r = checkSource(SourceFile(name: "t.scroll", text: scene + tap + "expect tap.target == \"\(other)\""))
            guard case .check(.notATapTarget(let raw, _))? = r.diagnostics.first?.problem else {
                XCTFail("\(other): \(r.diagnostics)")
                continue
            }
            XCTAssertEqual(raw, "\"\(other)\"")
            // ... and a program that was not checked still compares it as a different string.
            XCTAssertNotNil(try runUnchecked(tap, .eq, other), other)
            XCTAssertNil(try runUnchecked(tap, .ne, other), other)
        }
    }

    /// `body` then `expect tap.target OP "literal"`, run without `check`: the scenario is
    /// checked with `"row[0,1]"` and that literal replaced by `literal` before it runs.
    func runUnchecked(_ body: String, _ op: CompareOp, _ literal: String) throws -> RunFailure? {
        let text = scene + body + "expect tap.target \(op == .eq ? "==" : "!=") \"row[0,1]\""
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics, [], "check errors")
        var sc = try XCTUnwrap(r.scenarios.first)
        var last = try XCTUnwrap(sc.statements.popLast())
        guard case .expect(.compare(op, let a, .string(let s), nil, let l)) = last.kind else {
            XCTFail("not a comparison: \(last.kind)")
            return nil
        }
        let swapped = StringLiteral(value: literal, raw: quoteString(literal), location: s.location)
        last.kind = .expect(.compare(op, a, .string(swapped), tolerance: nil, l))
        sc.statements.append(last)
        let it = Interpreter(sc)
        _ = it.run()
        return it.failure
    }

    func testPerFrameChecksUseIt() throws {
        let tap = "tap header \"Section 2\"\n"
        XCTAssertNil(try run(tap + "expect always tap.target == \"section[2]\"\nwait 0.1s"))
        XCTAssertNil(try run(tap + "expect within 0.1s tap.target == \"section[2]\""))
        XCTAssertNotNil(try run(tap + "expect within 0.1s tap.target == \"header\""))
        XCTAssertNotNil(try run("expect always tap.target == \"\"\n" + tap + "wait 0.1s"))
    }

    func testTheLiteralIsResolvedOnce() {
        XCTAssertEqual(TapTargetName(text: "", .builtIn), .noTap)
        XCTAssertEqual(TapTargetName(text: "toolbar.zone", .builtIn), .view(.named("toolbar.zone")))
        XCTAssertEqual(TapTargetName(text: "section[12]", .builtIn), .section(12))
        XCTAssertEqual(TapTargetName(text: "row[3,40]", .builtIn), .row(3, 40))
        XCTAssertNil(TapTargetName(text: "section[-1]", .builtIn))
        XCTAssertNil(TapTargetName(text: "section[]", .builtIn))
        XCTAssertNil(TapTargetName(text: "row[1,]", .builtIn))
    }
}
