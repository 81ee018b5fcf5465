import XCTest
@testable import ScrollScript
import ScrollSim

/// Names are resolved once, by the checker (ScrollScriptChecker/CheckedNames.swift); lowering reads that
/// resolution and looks nothing up again from a name's spelling. Each test lowers the same
/// checked statements with the checker's table and with a table that lies or is empty: only
/// a lowering that reads the table changes with it.
final class CheckedNamesTests: XCTestCase {
    private let text = """
        section "A" rows 3
        section "B" rows 3
        toolbar
        let a = 3
        expect offset + a > min(0, 1)
        print section[0].y
        expect toolbar.state == hidden
        tap header "B"
        tap toolbar
        """

    private func checked() throws -> CheckedScenario {
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics, [])
        return try XCTUnwrap(r.scenarios.first)
    }

    private func lowered(_ sc: CheckedScenario, _ names: CheckedNames) -> [ResolvedStmt] {
        var lets = LetSlots()
        return lowerStatements(sc.statements, sc.config, names, &lets)
    }

    /// Every failure in a resolved expression (an unresolved name lowers to one).
    private func failures(_ e: ResolvedExpr) -> [RuntimeError] {
        switch e {
        case .failure(let err): return [err]
        case .constant, .observable, .tunable, .placeholder, .letValue: return []
        case .indexed(_, let i, let j, _): return failures(i) + (j.map(failures) ?? [])
        case .unary(_, let x, _): return failures(x)
        case .binary(_, let a, let b, _): return failures(a) + failures(b)
        case .compare(_, let a, let b, let t, _): return failures(a) + failures(b) + (t.map(failures) ?? [])
        case .call(_, let args, _): return args.flatMap(failures)
        case .tapTargetIs(_, _, let general): return failures(general)
        }
    }

    private func failures(_ s: [ResolvedStmt]) -> [String] {
        var out: [String] = []
        for st in s {
            switch st.kind {
            case .bind(_, let e): out += failures(e).map(\.message)
            case .expect(let c): out += failures(c.expr).map(\.message)
            case .print(let items):
                for item in items {
                    switch item {
                    case .named(_, let e), .indexed(_, let e), .text(_, let e), .value(let e): out += failures(e).map(\.message)
                    }
                }
            case .tapSectionTitled(nil, let title): out.append("no section \(title.raw)")
            case .tapView(nil, let name): out.append("no view \(name)")
            default: break
            }
        }
        return out
    }

    func testWithTheCheckersNamesEveryNameIsResolved() throws {
        let sc = try checked()
        // offset, a, min, section[0].y, toolbar.state, hidden, "B", toolbar.
        XCTAssertEqual(sc.names.count, 8)
        let s = lowered(sc, sc.names)
        XCTAssertEqual(failures(s), [])
        guard case .tapSectionTitled(1?, _) = s[4].kind else { return XCTFail("\(s[4].kind)") }
        guard case .tapView(let v?, name: "toolbar") = s[5].kind else { return XCTFail("\(s[5].kind)") }
        XCTAssertEqual(v, sc.config.registry.view(named: "toolbar"))
    }

    func testWithoutThemLoweringResolvesNothing() throws {
        // The same statements with an empty table: lowering has no other way to a name,
        // so each one is a failure (what a program the checker did not see gets).
        let s = lowered(try checked(), CheckedNames())
        XCTAssertEqual(failures(s).count, 8, "\(failures(s))")
        XCTAssertTrue(failures(s).contains("no section \"B\""))
        XCTAssertTrue(failures(s).contains("no view toolbar"))
    }

    func testTheTableDecidesNotTheSpelling() throws {
        // `offset` (line 5, column 8) recorded as `time`: lowering reads `time`.
        let sc = try checked()
        var names = sc.names
        var at = SourceLocation(file: "t.scroll", line: 5, column: 8)
        at.offset = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .prefix(4).reduce(0) { $0 + $1.count + 1 } + 7
        XCTAssertNotNil(names.ref(at: at), "offset is recorded at its byte offset")
        names.record(.observable(.core(.time)), at: at)
        let s = lowered(sc, names)
        guard case .expect(let c) = s[1].kind,
              case .compare(.gt, .binary(.add, .observable(let id, _), _, _), _, nil, _) = c.expr else { return XCTFail("\(s[1].kind)") }
        XCTAssertEqual(id, .core(.time))
        XCTAssertTrue(c.readsTime)
    }
}
