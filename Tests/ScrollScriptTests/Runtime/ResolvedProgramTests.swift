import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// The resolved program (ScrollScriptRuntime/ResolvedProgram.swift): what a checked scenario is
/// lowered to before it runs. Expected values are worked out by hand from the source text
/// (units to base units, titles to indexes), never read back from the lowering itself.
final class ResolvedProgramTests: XCTestCase {
    /// The one checked scenario of `text`, lowered.
    func lowered(_ text: String) throws -> [ResolvedStmt] {
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics, [], "check errors")
        let scenario = try XCTUnwrap(r.scenarios.first)
        var slots = LetSlots()
        return lowerStatements(scenario.statements, scenario.config, scenario.names, &slots)
    }

    func testLiteralArgumentsAreInBaseUnits() throws {
        let s = try lowered("wait 250ms\ndrag -40 in 0.5s\nfling 900")
        XCTAssertEqual(s.count, 3)
        guard case .wait(.constant(let t, let at)) = s[0].kind else { return XCTFail("\(s[0].kind)") }
        XCTAssertEqual(t, 0.25)               // 250 ms = 0.25 s
        XCTAssertEqual(at.line, 1)
        XCTAssertEqual(at.column, 6)          // `250ms` starts after "wait "
        guard case .drag(.constant(let d, _), .constant(let dt, _)?) = s[1].kind else { return XCTFail("\(s[1].kind)") }
        XCTAssertEqual(d, -40)                // `-40` is a negated literal: folded
        XCTAssertEqual(dt, 0.5)
        guard case .fling(.constant(let v, _)) = s[2].kind else { return XCTFail("\(s[2].kind)") }
        XCTAssertEqual(v, 900)
    }

    func testComputedArgumentIsAResolvedExpression() throws {
        let s = try lowered("wait (row.height * 1ms)")
        guard case .wait(.expr(let e, let at)) = s[0].kind else { return XCTFail("\(s[0].kind)") }
        XCTAssertEqual(at.column, 6)
        guard case .binary(.multiply, .tunable(.core(.rowHeight), _), .constant(.number(let k, .seconds?), _), _) = e else {
            return XCTFail("\(e)")
        }
        XCTAssertEqual(k, 0.001)
    }

    func testTitledTapBecomesASectionIndex() throws {
        let s = try lowered("header 100\nsection \"A\" rows 2\nsection \"B\" rows 2\ntap header \"B\"\ntap header 0\ntap header")
        XCTAssertEqual(s.count, 3)                     // configuration is not in the program
        guard case .tapSectionTitled(let k?, let title) = s[0].kind else { return XCTFail("\(s[0].kind)") }
        XCTAssertEqual(k, 1)                           // "B" is the second section
        XCTAssertEqual(title.value, "B")
        guard case .tapSection(.constant(0, _)) = s[1].kind else { return XCTFail("\(s[1].kind)") }
        guard case .tapView(let v?, _) = s[2].kind, v == .named("header") else { return XCTFail("\(s[2].kind)") }
    }

    func testConditionsCarryTheirFacts() throws {
        let s = try lowered("expect always time < 5s\nexpect offset ~= ? and phase == idle\nexpect within 1s section[0].y == 0")
        guard case .expectAlways(let a) = s[0].kind else { return XCTFail() }
        XCTAssertTrue(a.readsTime)
        XCTAssertFalse(a.hasPlaceholder)
        guard case .expect(let b) = s[1].kind else { return XCTFail() }
        XCTAssertFalse(b.readsTime)
        XCTAssertTrue(b.hasPlaceholder)
        XCTAssertEqual(b.recorded.map { $0.subjectText }, ["offset"])
        XCTAssertEqual(b.recorded.map { $0.op }, [.approx])
        XCTAssertEqual(b.recorded.first?.placeholder.column, 18)   // the `?` of line 2
        guard case .binary(.and, _, .compare(.eq, .observable(.core(.phase), _), .constant(.state(.idle), _), nil, _), _) = b.expr else {
            return XCTFail("\(b.expr)")
        }
        guard case .expectWithin(.constant(1, _), let c) = s[2].kind,
              case .compare(.eq, .indexed(.core(.sectionY), .constant(.number(0, nil), _), column: nil, _), _, nil, _) = c.expr else {
            return XCTFail("\(s[2].kind)")
        }
    }

    func testRepeatBodiesAreLoweredAndKeepTheirSource() throws {
        let s = try lowered("repeat 3 {\n  pull 10\n  release\n}")
        guard case .repeatBlock(.constant(3, _), let body) = s[0].kind else { return XCTFail("\(s[0].kind)") }
        XCTAssertEqual(body.count, 2)
        XCTAssertEqual(body.map { $0.location.line }, [2, 3])
        XCTAssertEqual(body.map { $0.source.kind.keyword }, ["pull", "release"])
    }

    func testSubscriptMembersHoldEveryMemberOfTheVocabulary() {
        for m in ["y", "height", "open", "rows", "title", "frame"] {
            XCTAssertEqual(CoreObservable.subscripted(.section, member: m), CoreObservable(rawValue: "section." + m)!)
        }
        for m in ["y", "height", "visible", "title", "frame"] {
            XCTAssertEqual(CoreObservable.subscripted(.row, member: m), CoreObservable(rawValue: "row." + m)!)
        }
        XCTAssertNil(CoreObservable.subscripted(.section, member: "visible"))     // a row's, not a section's
        XCTAssertNil(CoreObservable.subscripted(.row, member: "open"))
        XCTAssertNil(CoreObservable.subscripted(.row, member: "a-name-longer-than-sixteen-bytes"))
        XCTAssertNil(CoreObservable.subscripted(.section, member: "höhe"))
        XCTAssertNil(CoreObservable.subscripted(.none, member: "y"))
    }

    func testSubscriptBasesHaveOneSpelling() {
        XCTAssertEqual(Subscript(base: "section"), .section)
        XCTAssertEqual(Subscript(base: "row"), .row)
        XCTAssertNil(Subscript(base: "rows"))
        XCTAssertNil(Subscript(base: "Section"))
        XCTAssertNil(Subscript(base: ""))
        XCTAssertEqual(Subscript.indexed.map { $0.base }, ["section", "row"])
        XCTAssertEqual(Subscript.written(section: 2), "section[2]")
        XCTAssertEqual(Subscript.written(section: 0, row: 3), "row[0,3]")
    }

    func testKeywordsComeFromTheOneTable() {
        let keywords = Lexicon.builtIn.statementKeywords
        XCTAssertEqual(keywords.first, "scene")
        XCTAssertEqual(keywords.last, "frames")
        // The grammar's 22 and the built-in behaviours' words, after `fps`, in registration
        // order (derived from the registry: a new built-in's word needs no edit here); the
        // spec's four words among them (independent).
        let words = BehaviourRegistry.builtIn.configWords.map { $0.word }
        XCTAssertEqual(Array(keywords[3..<(5 + words.count)]), ["screen", "fps"] + words)
        XCTAssertEqual(keywords.count, 22 + words.count)
        for spec in ["header", "toolbar", "accordion", "refresh"] { XCTAssertTrue(words.contains(spec), spec) }
        XCTAssertTrue(keywords.contains("use"))
        XCTAssertFalse(keywords.contains("within"))
        XCTAssertEqual(StmtKind.release.keyword, "release")
        XCTAssertEqual(StmtKind.tapView("toolbar").keyword, "tap")
        XCTAssertEqual(StmtKind.configure(ConfigStatement(word: "toolbar")).keyword, "toolbar")
        XCTAssertEqual(StmtKind.expression(.bool(true, SourceLocation(file: "", line: 1, column: 1))).keyword, "expression")
        for w in GrammarWord.allCases {
            XCTAssertEqual(w.summary != nil, w.isStatement, w.spelling)
            XCTAssertEqual(w.role != nil, w.isStatement, w.spelling)
        }
        XCTAssertEqual(GrammarWord.statements(.structure).map { $0.spelling }, ["scene", "scenario", "repeat"])
        XCTAssertEqual(GrammarWord.statements(.check).map { $0.spelling }, ["expect", "print", "let", "frames"])
        // The header's options: its own, then those other behaviours add (derived); the
        // spec's four first (independent: §3 `header H [pin P] [parallax F] [toggle H2] [nostretch]`).
        let headerOptions = BehaviourRegistry.builtIn.configWord(named: "header")?.optionWords ?? []
        XCTAssertEqual(CompletionVocabulary.standard.followWords["header"], headerOptions)
        XCTAssertEqual(Array(headerOptions.prefix(4)), ["pin", "nostretch", "parallax", "toggle"])
        // `tap`: header, row, then every behaviour's targetable view (derived); toolbar among them.
        let targetable = BehaviourRegistry.builtIn.ids.flatMap { BehaviourRegistry.builtIn.declaration($0).views }
            .filter { $0.targetable && $0.name != "header" }.map { $0.name }
        XCTAssertEqual(CompletionVocabulary.standard.followWords["tap"], ["header", "row"] + targetable)
        XCTAssertTrue(targetable.contains("toolbar"))
        XCTAssertNil(CompletionVocabulary.standard.followWords["pull"])
    }
}
