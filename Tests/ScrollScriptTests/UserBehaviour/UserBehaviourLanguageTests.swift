import XCTest
@testable import ScrollScript

/// A user's behaviour (`use fade`) as a full citizen of the language (spec §8): checked
/// names with "did you mean", `print`, `frames`, trace columns, plot series, the replay page,
/// the REPL (completion, `:show`, the change line), the language server (completion, hover),
/// `fmt`, `explore`; and `use` in the plain tool. Fade's numbers by hand: alpha = 1 − (offset
/// − 100)/100 clamped to 0...1; a drag of −150 in 0.5 s inside the bounds leaves offset 150.
final class UserBehaviourLanguageTests: XCTestCase {
    let registry = try! BehaviourRegistry.with([Fade.self])

    func messages(_ text: String, registry: BehaviourRegistry? = nil) -> [String] {
        checkSource(SourceFile(name: "t.scroll", text: text), registry: registry ?? self.registry).diagnostics
            .map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    func scenario(_ text: String) throws -> CheckedScenario {
        let r = checkSource(SourceFile(name: "t.scroll", text: text), registry: registry)
        XCTAssertEqual(r.diagnostics, [])
        return try XCTUnwrap(r.scenarios.first)
    }

    func testThePlainToolSaysHowToRunAUsersBehaviour() {
        XCTAssertEqual(messages("use fade\npull 10", registry: .builtIn),
                       ["1:5 no behaviour named 'fade' is known to this scrollscript: declare it in the language, in this file or one it imports ('behaviour fade { ... }'; see README, 'Declare a behaviour'), or, written in Swift, run it from its own package, with a command of a few lines (ScrollScriptCommand.main(behaviours:)) or from its tests (ScrollScriptTesting); see README, 'Test your own behaviour'"])
        XCTAssertEqual(messages("use toolbar", registry: .builtIn), ["1:5 'toolbar' is a built-in behaviour: write 'toolbar', not 'use toolbar'"])
        XCTAssertEqual(messages("use", registry: .builtIn), ["1:4 expected the name of a behaviour after 'use', found end of file"])
        // The refused behaviour's names, and the states a line that reads one compares
        // with, are not reported again: the first error is the one to act on.
        let file = "use fade\npull 100\nexpect fade.alpha == 0\nexpect fade.state == visible\nexpect fade.state != fading\nexpect offest == 100\n"
        XCTAssertEqual(messages(file, registry: .builtIn).map { String($0.prefix(32)) },
                       ["1:5 no behaviour named 'fade' is", "6:8 unknown name 'offest' (did y"])
    }

    func testItsNamesAreCheckedWithDidYouMean() {
        XCTAssertEqual(messages("use fade\nset fade.start 136\nexpect fade.alpha == 1 and fade.state == visible"), [])
        XCTAssertEqual(messages("use fdae"), ["1:5 no behaviour named 'fdae' is registered (registered: fade) (did you mean 'fade'?)"])
        XCTAssertEqual(messages("use fade\nexpect fade.alpah == 1"), ["2:8 unknown name 'fade.alpah' (did you mean 'fade.alpha'?)"])
        XCTAssertEqual(messages("expect fade.alpha == 1"),
                       ["1:8 'fade.alpha' needs a fading header, and this scenario declares none (add 'use fade')"])
        XCTAssertEqual(messages("set fade.start -5"), ["1:16 fade.start must be at least 0 and at most 10000 (found -5)"])
        XCTAssertEqual(messages("set fade.strat 5"), ["1:5 unknown tunable 'fade.strat' (did you mean 'fade.start'?)"])
        XCTAssertEqual(messages("use fade\nexpect fade.state == hidden"),
                       ["2:22 'hidden' is a toolbar state, not a fade state (visible, fading, gone)"])
        XCTAssertEqual(messages("use fade\ntap fade"), [])
        XCTAssertEqual(messages("tap fade"), ["1:1 'tap fade' needs a fading header, and this scenario declares none (add 'use fade')"])
        // `use` is configuration: not after time advanced, and `fmt` keeps it.
        XCTAssertEqual(messages("pull 10\nuse fade"),
                       ["2:1 configuration ('use') must come before the first statement that advances time or touches ('pull' at line 1)"])
        XCTAssertEqual(formatProgram(parseChunk("use   fade\nset fade.start 136\n", registry: registry).program), "use fade\nset fade.start 136\n")
    }

    func testItRunsPrintsAndListsItsFrames() throws {
        let sc = try scenario("use fade\ndrag -150 in 0.5s\nexpect fade.alpha ~= 0.5\nexpect fade.state == fading\nprint fade.alpha")
        let run = runScenario(sc)
        XCTAssertNil(run.failure, run.failure?.message ?? "")
        XCTAssertEqual(run.output, ["t = 0.500 s: fade.alpha = 0.500"])
        // The header scrolls with the content: y = −60 after 60 pt; a content view, listed
        // before the rows (§5's order: behaviours' views by layer, then the table).
        let frames = runScenario(try scenario("use fade\ndrag -60 in 0.2s\nframes")).output
        XCTAssertEqual(Array(frames.prefix(3)), ["frames at t = 0.200 s:", "  fade (0.00, -60.00, 375.00, 120.00)", "  row[0,1] (0.00, -16.00, 375.00, 44.00)"])
        let failing = runScenario(try scenario("use fade\ndrag -150 in 0.5s\nexpect fade.alpha ~= 0.4"))
        XCTAssertEqual(failing.failure?.location.line, 3)
        XCTAssertEqual(failing.failure?.notes.first, "fade.alpha is 0.500 at t = 0.500 s")
    }

    func testTraceColumnsPlotAndReplayReadIt() throws {
        let sc = try scenario("use fade\ndrag -150 in 0.5s")
        let names = TraceColumns.defaults(for: sc.config).map { $0.name }
        XCTAssertTrue(names.contains("fade.alpha") && names.contains("fade.state"), "\(names)")
        XCTAssertFalse(names.contains("fade.frame"))
        var out: [UInt8] = []
        TraceWriter(columns: TraceColumns.defaults(for: sc.config), format: .csv) { out += $0 }.trace(ScenarioPlayback(sc))
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n")
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false)
        let last = lines.last!.split(separator: ",", omittingEmptySubsequences: false)
        let alpha = try XCTUnwrap(header.firstIndex(of: "fade.alpha"))
        XCTAssertEqual(Double(last[alpha]) ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(last[try XCTUnwrap(header.firstIndex(of: "fade.state"))], "fading")
        XCTAssertTrue(PlotColumns.defaults(for: sc.config).map { $0.name }.contains("fade.alpha"))
        let page = ReplayHTML.render(PictureRecording(sc, file: "t.scroll"))
        XCTAssertTrue(page.contains("\"boxes\":[{\"name\":\"fade\",\"layer\":\"content\"}]"), "the page draws the view")
        // The last frame: the header at y −150 (off screen) with alpha 0.5.
        XCTAssertTrue(page.contains("[[0,-150,375,120,0.5]]]"), "its frame and alpha per frame")
        XCTAssertTrue(page.contains(".box{"))
        let plain = ReplayHTML.render(PictureRecording(try scenario("pull 10"), file: "t.scroll"))
        XCTAssertFalse(plain.contains("\"boxes\"") || plain.contains(".box{"))
    }

    func testTheReplCompletesShowsAndReportsIt() throws {
        let core = ReplCore(registry: registry)
        XCTAssertFalse(core.enter("use fade").failed)
        let change = core.enter("drag -150 in 0.5s").text
        // A behaviour's observables come right after the offset (by default, in declaration
        // order): alpha = 1 - (150 - 100) / 100 = 0.5; `phase` is pushed off the line.
        XCTAssertEqual(change, "t=0.500 s  offset 0.00 → 150.00  fade.alpha 1.000 → 0.500  fade.state visible → fading")
        let completer = Completer(lexicon: Lexicon.of(registry))
        XCTAssertEqual(completer.complete(line: "use f", cursor: 5).candidates, ["fade"])
        XCTAssertEqual(completer.complete(line: "expect fade.al", cursor: 14).candidates, ["fade.alpha"])
        XCTAssertEqual(completer.complete(line: "set fade.s", cursor: 10).candidates, ["fade.start"])
        _ = core.enter("drag 100 in 0.5s")   // back to offset 50: the header is on screen
        let show = core.screen(columns: 40, rows: 20).text
        XCTAssertTrue(show.contains("fade"), show)
    }

    func testTheLanguageServerCompletesAndHoversIt() {
        let s = LanguageServer(registry: registry)
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": "file:///f.scroll", "version": 1, "text": "use fade\nexpect fade.alpha == 1\nuse \n"]]])
        func complete(_ line: Int, _ character: Int) -> [String] {
            let r = s.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/completion",
                              "params": ["textDocument": ["uri": "file:///f.scroll"], "position": ["line": .int(line), "character": .int(character)]]])
            return r.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        }
        func hover(_ line: Int, _ character: Int) -> String? {
            let r = s.handle(["jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                              "params": ["textDocument": ["uri": "file:///f.scroll"], "position": ["line": .int(line), "character": .int(character)]]])
            return r.first?["result"]?["contents"]?["value"]?.stringValue
        }
        XCTAssertEqual(complete(2, 4), ["fade"])
        XCTAssertTrue(complete(1, 12).contains("fade.alpha"))
        XCTAssertEqual(hover(0, 5), """
        `use fade`: a behaviour written in Swift

        a header image that fades out as the content scrolls up

        Observables: `fade.alpha`, `fade.state`, `fade.frame`

        Tunables: `fade.start`, `fade.length`

        States: visible, fading, gone
        """)
        XCTAssertEqual(hover(1, 10), """
        `fade.alpha`: a number, observable

        the header's alpha, 1 to 0

        Needs `use fade` in the scene or scenario.
        """)
    }

    func testExploreDrawsItsTapAndFindsItsInvariantBroken() throws {
        // The header is gone past offset 200: an invariant that it never is breaks.
        let text = "use fade\nexpect always fade.alpha > 0"
        var options = ExploreOptions()
        options.registry = registry
        options.runs = 50
        let report = exploreFile(SourceFile(name: "e.scroll", text: text), scenario: nil, options: options)
        XCTAssertEqual(report.exitStatus, 1, report.messages)
        XCTAssertNotNil(report.counterexample, "an offset past 200 is easy to reach")
        // The counterexample is a scenario with `use fade` that `run` fails the same way.
        let counter = try XCTUnwrap(report.scenarioText)
        XCTAssertTrue(counter.contains("use fade"), counter)
        let rerun = checkSource(SourceFile(name: "c.scroll", text: counter), registry: registry)
        XCTAssertEqual(rerun.diagnostics, [])
        XCTAssertNotNil(runScenario(try XCTUnwrap(rerun.scenarios.first)).failure)
    }
}
