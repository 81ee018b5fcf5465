import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// `refresh` (spec §6.7) through the language: its word, its rule with a stretchy header,
/// its names and its state family (§5), and every consumer that reads the registry —
/// `frames`, trace columns, the REPL's change line, the language server, `fmt`, the replay
/// page. Numbers: rubber band b(x) = x·366.85/(667 + 0.55·x); b(200) = 73,370/777 = 94.43.
final class PullToRefreshLanguageTests: XCTestCase {
    func messages(_ text: String) -> [String] {
        checkSource(SourceFile(name: "t.scroll", text: text)).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    func testAStretchyHeaderIsAnErrorAtTheRefreshLine() {
        XCTAssertEqual(messages("header 240\nrefresh\npull 10"),
                       ["2:1 'refresh' needs 'header' to have 'nostretch' (as in 'header H nostretch')"])
        XCTAssertEqual(messages("header 240 nostretch\nrefresh\npull 10"), [])
        XCTAssertEqual(messages("refresh\npull 10"), [])
        // The scene's header and a scenario's refresh: at the scenario's line.
        XCTAssertEqual(messages("scene {\n  header 240\n}\nscenario \"a\" {\n  refresh\n  pull 10\n}"),
                       ["5:3 'refresh' needs 'header' to have 'nostretch' (as in 'header H nostretch')"])
        // The scene's refresh and two scenarios' stretchy headers: at each scenario's header.
        let sceneRefresh = "this 'header' needs 'nostretch': the scene's 'refresh' (line 2) needs 'header' to have it (as in 'header H nostretch')"
        XCTAssertEqual(messages("scene {\n  refresh\n}\nscenario \"a\" {\n  header 240\n}\nscenario \"b\" {\n  header 100\n}"),
                       ["5:3 " + sceneRefresh, "8:3 " + sceneRefresh])
        // A scenario's header without nostretch replaces the scene's nostretch one.
        XCTAssertEqual(messages("scene {\n  header 240 nostretch\n  refresh\n}\nscenario \"a\" {\n  header 240 pin 60\n}").count, 1)
    }

    func testItsNamesNeedIt() {
        XCTAssertEqual(messages("expect refresh.state == idle"),
                       ["1:8 'refresh.state' needs a refresh control, and this scenario declares none (add 'refresh')"])
        XCTAssertEqual(messages("print refresh.progress"),
                       ["1:7 'refresh.progress' needs a refresh control, and this scenario declares none (add 'refresh')"])
        // Tunables are always readable; set, they need it, as the observables do.
        XCTAssertEqual(messages("refresh\nset refresh.trigger 80\nexpect refresh.trigger == 80"), [])
        XCTAssertEqual(messages("expect refresh.trigger == 100"), [])
        XCTAssertEqual(messages("set refresh.trigger 80"),
                       ["1:5 'refresh.trigger' needs a refresh control, and this scenario declares none (add 'refresh')"])
    }

    func testItsTunablesRanges() {
        XCTAssertEqual(messages("set refresh.trigger 0"), ["1:21 refresh.trigger must be at least 1 and at most 10000 (found 0)"])
        XCTAssertEqual(messages("refresh\nset refresh.height 0\nset refresh.duration 0\nset refresh.endDuration 3600s"), [])
        XCTAssertEqual(messages("set refresh.endDuration 3601s"), ["1:25 refresh.endDuration must be at least 0 and at most 3600 (found 3601)"])
        XCTAssertEqual(messages("set refresh.trigger 2s"), ["1:21 refresh.trigger takes a distance (pt), found a duration (s)"])
    }

    func testABareStateIsReadInTheFamilyItIsComparedWith() {
        let refresh = "refresh\n"
        XCTAssertEqual(messages(refresh + "expect refresh.state == idle and phase == idle and idle == refresh.state"), [])
        XCTAssertEqual(messages(refresh + "expect refresh.state == pulling or refresh.state != ending"), [])
        XCTAssertEqual(messages(refresh + "expect refresh.state == dragging"),
                       ["2:25 'dragging' is a phase state, not a refresh state (idle, pulling, refreshing, ending)"])
        // A word of another family compared with `phase`: read as the phase state it means.
        XCTAssertEqual(messages(refresh + "expect phase == pulling"),
                       ["2:17 'pulling' is not a phase state (did you mean 'expect phase == dragging'? a state is compared with a bare word: idle, dragging, decelerating, bouncing)"])
        XCTAssertEqual(messages(refresh + "expect pulling == phase"),
                       ["2:8 'pulling' is a refresh state, not a phase state (idle, dragging, decelerating, bouncing)"])
        XCTAssertEqual(messages(refresh + "expect refresh.state == visible"),
                       ["2:25 'visible' is not a refresh state (they are idle, pulling, refreshing, ending)"])
        XCTAssertEqual(messages(refresh + "expect refresh.state == phase"),
                       ["2:22 cannot compare a state (idle, pulling, refreshing, ending) with a state (idle, dragging, decelerating, bouncing)"])
        XCTAssertEqual(messages(refresh + "expect refresh.state == \"idle\""),
                       ["2:25 \"idle\" is text, not a state (did you mean 'expect refresh.state == idle'? a state is compared with a bare word: idle, pulling, refreshing, ending)"])
    }

    func testTheTwoIdlesAreDifferentValues() throws {
        // Refreshing and at rest (the snap-back to −60 rests at 1.383 s; the refresh runs
        // to 1.717 s): phase is idle, refresh.state is not.
        let r = checkSource(SourceFile(name: "t.scroll", text: """
        refresh
        drag 240 in 0.8s
        release
        wait 0.7s
        expect phase == idle
        expect not (refresh.state == idle)
        expect refresh.state != idle
        expect idle != refresh.state
        expect idle == phase
        """))
        XCTAssertEqual(r.diagnostics, [])
        let run = runScenario(try XCTUnwrap(r.scenarios.first))
        XCTAssertNil(run.failure, "\(String(describing: run.failure?.message))")
        // The resolved constant of `refresh.state == idle` is refresh's idle, not phase's.
        let (p, _) = parseChunk("expect refresh.state == idle")
        let names = checkStatementsAndWarn(p.statements, config: try XCTUnwrap(r.scenarios.first).config).names
        guard case .expect(let e)? = p.statements.first?.kind,
              case .compare(.eq, _, .constant(.state(let s), _), nil, _) = ResolvedExpr(e, names, .builtIn, LetSlots()) else { return XCTFail() }
        XCTAssertEqual(s.name, "idle")
        XCTAssertNotEqual(s, .idle)
        XCTAssertEqual(BehaviourRegistry.builtIn.family(s.family).observable, "refresh.state")
    }

    func testFramesTraceAndTheChangeLineReadIt() throws {
        let sc = try XCTUnwrap(checkSource(SourceFile(name: "t.scroll", text: "refresh\npull 200\nframes")).scenarios.first)
        let run = runScenario(sc)
        XCTAssertEqual(run.output[0], "frames at t = 0.667 s:")
        XCTAssertEqual(run.output[1], "  refresh (0.00, 0.00, 375.00, 94.43)")   // listed first
        XCTAssertEqual(run.output[2], "  row[0,0] (0.00, 94.43, 375.00, 44.00)")
        // The default trace: the core's columns, then refresh's (state, progress, inset, count).
        let names = TraceColumns.defaults(for: sc.config).map { $0.name }
        XCTAssertEqual(Array(names.prefix(14)), ["frame", "time", "line", "phase", "offset", "velocity", "content.height",
                                                  "finger.down", "finger.translation", "finger.velocity",
                                                  "refresh.state", "refresh.progress", "refresh.inset", "refresh.count"])
        // The REPL: the most telling changes first (offset, phase, refresh.state).
        let core = ReplCore()
        XCTAssertFalse(core.enter("refresh").failed)
        XCTAssertEqual(core.enter("pull 200").text,
                       "t=0.667 s  offset 0.00 → -94.43  phase idle → dragging  refresh.state idle → pulling")
    }

    func testFormatterAndLanguageServer() throws {
        XCTAssertEqual(formatProgram(parseChunk("refresh\nset refresh.height 80\n").program), "refresh\nset refresh.height 80\n")
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": "file:///r.scroll", "version": 1, "text": "refresh\nexpect refresh.state == idle\nexpect \n"]]])
        func complete(_ line: Int, _ character: Int) -> [String] {
            let r = s.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/completion",
                              "params": ["textDocument": ["uri": "file:///r.scroll"], "position": ["line": .int(line), "character": .int(character)]]])
            return r.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        }
        func hover(_ line: Int, _ character: Int) -> String? {
            let r = s.handle(["jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                              "params": ["textDocument": ["uri": "file:///r.scroll"], "position": ["line": .int(line), "character": .int(character)]]])
            return r.first?["result"]?["contents"]?["value"]?.stringValue
        }
        XCTAssertTrue(complete(2, 7).contains("refresh.progress"))
        XCTAssertEqual(complete(1, 24), ["ending", "idle", "pulling", "refreshing"])   // after `refresh.state ==`
        XCTAssertEqual(hover(0, 2), "`refresh` statement\n\nrefresh — a pull-to-refresh control at the top of the table (UIRefreshControl); needs a header with nostretch, or none")
        XCTAssertEqual(hover(1, 26), "`idle`: a state of `phase` (idle, dragging, decelerating, bouncing); of `refresh.state` (idle, pulling, refreshing, ending)")
        XCTAssertEqual(hover(1, 10), """
        `refresh.state`: a state (idle, pulling, refreshing, ending), observable

        the refresh control: idle, pulling, refreshing or ending

        Needs a `refresh` in the scene or scenario.
        """)
    }

    func testTheReplayPageDrawsTheIndicatorOnlyWhenDeclared() throws {
        func page(_ text: String) throws -> String {
            ReplayHTML.render(PictureRecording(try XCTUnwrap(checkSource(SourceFile(name: "t.scroll", text: text)).scenarios.first), file: "t.scroll"))
        }
        let with = try page("refresh\npull 200")
        XCTAssertTrue(with.contains("\"indicator\":true"))
        XCTAssertTrue(with.contains("\"rh\":[0,"))
        XCTAssertTrue(with.contains("94.43]"))                 // the last frame's indicator height
        XCTAssertTrue(with.contains("#indicator{"))
        let without = try page("pull 200")
        XCTAssertFalse(without.contains("indicator"))
    }
}
