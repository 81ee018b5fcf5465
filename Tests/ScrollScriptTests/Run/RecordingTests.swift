import XCTest
@testable import ScrollScript
// `Recording`'s memberwise initialiser is the runtime module's own (internal).
@testable import ScrollScriptRuntime
import ScrollSimTestSupport

/// Recording (`?`), the v1.2 statements in the front end, and the REPL's `:expect`.
final class RecordingTests: XCTestCase {
    private func check(_ text: String) -> CheckResult {
        checkSource(SourceFile(name: "r.scroll", text: text))
    }

    private func messages(_ text: String) -> [String] {
        check(text).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    // MARK: - Where a `?` may stand

    func testQuestionMarkIsAcceptedRightOfEqualsAndApproxInAPlainExpect() {
        XCTAssertEqual(messages("header 240\nexpect header.height ~= ?\nexpect phase == ? and (offset ~= ? within 1)\n"), [])
        XCTAssertEqual(messages("sections 1 rows 2\nexpect section[0].title == ? and row[0,1].visible == ?\n"), [])
    }

    func testQuestionMarkElsewhereIsOneClearError() {
        let anywhere = "'?' (a value to record) can only stand right of '==' or '~=' in an 'expect' (as in 'expect header.height ~= ?')"
        XCTAssertEqual(messages("print ?\n"), ["1:7 " + anywhere])
        XCTAssertEqual(messages("expect ? == offset\n"), ["1:8 " + anywhere])
        XCTAssertEqual(messages("pull ?\n"), ["1:6 " + anywhere])
        XCTAssertEqual(messages("expect offset ~= 1 within ?\n"), ["1:27 " + anywhere])
        XCTAssertEqual(messages("expect offset < ?\n"), ["1:17 '?' records a value for '==' or '~=' only, not '<'"])
        XCTAssertEqual(messages("expect offset != ?\n"), ["1:18 '?' records a value for '==' or '~=' only, not '!='"])
        let under = "'?' cannot be recorded under 'not' or 'or' (the recorded value would not decide the expectation); write the value"
        XCTAssertEqual(messages("expect not (offset == ?)\n"), ["1:23 " + under])
        XCTAssertEqual(messages("expect offset == ? or phase == idle\n"), ["1:18 " + under])
        XCTAssertEqual(messages("expect always offset == ?\n"),
                       ["1:25 'expect always' takes no '?': a value is recorded at one moment (record it with a plain 'expect' after a 'wait')"])
        XCTAssertEqual(messages("header 240\nexpect header.frame == ?\n"),
                       ["2:21 rects cannot be compared (compare their parts, e.g. header.y or header.height)"])
        XCTAssertEqual(messages("expect phase ~= ?\n"), ["1:14 '~=' needs numbers, found a state (idle, dragging, decelerating, bouncing) (record it with '== ?')"])
    }

    func testFormatterKeepsTheQuestionMark() {
        guard case .formatted(let out) = formatSource(SourceFile(name: "f", text: "expect   offset~=?  within 0.1\n")) else {
            return XCTFail("not formatted")
        }
        XCTAssertEqual(out, "expect offset ~= ? within 0.1\n")
    }

    // MARK: - Running

    private func run(_ text: String, recording: Bool) -> (Interpreter, StepEvent) {
        let sc = check(text).scenarios[0]
        let interp = Interpreter(sc)
        interp.recordsPlaceholders = recording
        return (interp, interp.run())
    }

    func testWithoutRecordingTheExpectationFailsAndSaysWhatItObserved() {
        let (i, e) = run("drag -100\nexpect offset ~= ?\n", recording: false)
        XCTAssertEqual(e, .failed)
        XCTAssertEqual(i.failure?.message, "no recorded value: offset is 100.00 here ('scrollscript run --update' writes it in place of '?')")
        XCTAssertEqual(i.failure?.location.line, 2)
        XCTAssertEqual(i.failure?.location.column, 18)
        XCTAssertEqual(i.failure?.notes, ["offset is 100.00 at t = 0.333 s"])
    }

    func testEveryQuestionMarkOfAnExpectationIsReportedAtOnce() {
        let (i, _) = run("drag -100\nexpect phase == ? and offset ~= ?\n", recording: false)
        XCTAssertEqual(i.failure?.message, "no recorded value: phase is dragging, offset is 100.00 here ('scrollscript run --update' writes them in place of the '?'s)")
        XCTAssertEqual(i.failure?.location.column, 17)
        XCTAssertEqual(i.failure?.notes, ["phase is dragging at t = 0.333 s", "offset is 100.00 at t = 0.333 s"])
        let core = ReplCore()
        _ = core.enter("drag -100")
        XCTAssertTrue(core.enter("expect phase == ? and offset ~= ?").text.contains("(':expect phase offset' adds these checks with their values now)"))
    }

    func testRecordingTakesTheValueAndAPassLaterChecksAgainstIt() {
        // In a repeat, the first pass records; later passes compare with that value.
        let (i, e) = run("repeat 3 { expect offset == ? }\n", recording: true)
        XCTAssertEqual(e, .finished)
        XCTAssertEqual(i.recordings.map { $0.text }, ["0.00"])
        let (j, f) = run("repeat 3 {\n  tick\n  expect time == ?\n}\n", recording: true)
        XCTAssertEqual(f, .failed, "the second pass sees 2/60, not the 1/60 recorded")
        XCTAssertEqual(j.recordings.map { $0.text }, [shortestDigits(1.0 / 60)])
        XCTAssertEqual(j.failure?.notes.last, "== expected 0.017, actual 0.033 (off by 0.017)")
    }

    func testRecordedTextForEachKind() {
        let (i, _) = run("""
        header 240 toggle 300
        sections 2 rows 1
        toolbar
        tap header
        tap header "Section 1"
        expect header.expanded == ? and toolbar.state == ? and tap.target == ? and section[1].rows == ?
        expect header.scale ~= ? and velocity ~= ? and time == ?

        """, recording: true)
        XCTAssertNil(i.failure)
        XCTAssertEqual(i.recordings.map { "\($0.subject) \($0.op.rawValue) \($0.text)" }, [
            "header.expanded == true", "toolbar.state == shown", "tap.target == \"section[1]\"",
            "section[1].rows == 1", "header.scale ~= 1.000", "velocity ~= 0.00", "time == 0.000",
        ])
    }

    func testApplyRecordingsTouchesOnlyTheQuestionMarks() {
        let text = "# ?\nexpect offset ~= ?  # ?\r\nexpect phase == ?\n"
        let bytes = Array(text.utf8)
        let q1 = text.utf8.count - "?  # ?\r\nexpect phase == ?\n".utf8.count
        let q2 = text.utf8.count - 2
        let recs = [
            Recording(location: SourceLocation(file: "f", line: 3, column: 17, offset: q2, length: 1), subject: "phase", op: .eq, text: "idle"),
            Recording(location: SourceLocation(file: "f", line: 2, column: 18, offset: q1, length: 1), subject: "offset", op: .approx, text: "-1.50"),
            // Not a '?' there (the file changed?): skipped, nothing written at that byte.
            Recording(location: SourceLocation(file: "f", line: 1, column: 1, offset: 0, length: 1), subject: "x", op: .eq, text: "oops"),
        ]
        let r = applyRecordings(recs, to: bytes)
        XCTAssertEqual(String(decoding: r.bytes, as: UTF8.self), "# ?\nexpect offset ~= -1.50  # ?\r\nexpect phase == idle\n")
        XCTAssertEqual(r.written, 2)
        XCTAssertEqual(r.skipped, 1)
    }

    func testAFileThatCannotBeWrittenIsReportedAndRunsAsItWas() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("w.scroll").path
        try "drag -10\nexpect offset == ?\n".write(toFile: path, atomically: true, encoding: .utf8)
        var tried: [String] = []
        let update = RunUpdate(write: { p, _ in tried.append(p); return "cannot rewrite '\(p)': Permission denied" })
        let out = StringRunOutput()
        let s = runScenarios([.path(path)], options: RunOptions(update: update), reporters: [TextReporter(output: out, style: TextStyle())])
        XCTAssertEqual(tried, [path])
        XCTAssertTrue(out.stderr.hasPrefix("scrollscript: cannot rewrite '\(path)': Permission denied\n"), out.stderr)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "drag -10\nexpect offset == ?\n")
        // It ran as it was: its `?` has no recorded value.
        XCTAssertEqual(s.failed, 1)
        XCTAssertEqual(s.recordingErrors, 1)
        XCTAssertEqual(s.exitStatus, 2)
        XCTAssertTrue(out.stdout.contains("no recorded value: offset is 10.00 here"), out.stdout)
        // Nothing selected: nothing recorded, nothing written, nothing reported but that.
        tried = []
        let none = StringRunOutput()
        let n = runScenarios([.path(path)], options: RunOptions(selection: RunSelection(filters: ["zzz"]), update: update),
                             reporters: [TextReporter(output: none, style: TextStyle())])
        XCTAssertEqual(tried, [])
        XCTAssertEqual(n.recordingErrors, 0)
        XCTAssertEqual(none.stderr, "scrollscript: no scenario matches --filter \"zzz\"\n")
    }

    func testAFailingEqualsShowsExpectedAndActual() {
        let (i, _) = run("drag -100\nexpect offset == 90\n", recording: false)
        XCTAssertEqual(i.failure?.notes, ["offset is 100.00 at t = 0.333 s", "== expected 90.00, actual 100.00 (off by 10.00)"])
        // Values that print alike show their digits.
        let (j, _) = run("drag -100\nexpect offset / 3 == 33.33\n", recording: false)
        XCTAssertEqual(j.failure?.notes.dropFirst().first, "== expected 33.33, actual \(shortestDigits(100.0 / 3)) (off by \(shortestDigits(100.0 / 3 - 33.33)))")
        XCTAssertEqual(j.failure?.notes.last, "'~=' would hold: '==' compares every digit, '~=' allows 0.50")
        let (k, _) = run("sections 1 rows 1\nexpect section[0].title == \"B\"\n", recording: false)
        XCTAssertEqual(k.failure?.notes.last, "== expected \"B\", actual \"Section 0\"")
    }

    // MARK: - The v1.2 statements in the front end

    func testNewStatementsParseCheckAndFormat() {
        let text = "sections 2 rows 3\nswipe -200 in 0.2s\nswipe 50\ntap row 1 2\ntap header \"Section 1\"\nexpect offset.max >= offset.min and tap.target == \"section[1]\"\n"
        XCTAssertEqual(messages(text), [])
        guard case .formatted(let out) = formatSource(SourceFile(name: "f", text: text)) else { return XCTFail() }
        XCTAssertEqual(out, text)
        let kinds = check(text).scenarios[0].statements.map { $0.kind.keyword }
        XCTAssertEqual(kinds, ["swipe", "swipe", "tap", "tap", "expect"])
    }

    func testNewStatementErrors() {
        // `tap row 0`: one index, read as the row of section 0.
        XCTAssertEqual(messages("tap row 0\n"), ["1:9 missing 'section' (did you mean 'tap row 0 0'? a section is tapped through its header, a row as tap row SECTION ROW)"])
        XCTAssertEqual(messages("tap row\n"), ["1:8 expected a section and a row after 'tap row' (as in 'tap row 0 3': row 3 of section 0)"])
        XCTAssertEqual(messages("sections 2 rows 3\ntap row 2 0\n"), ["2:9 section 2 does not exist (the table has 2 sections, 0 to 1)"])
        XCTAssertEqual(messages("sections 2 rows 3\ntap row 1 3\n"), ["2:11 row 3 does not exist in section 1 (it has 3 rows, 0 to 2)"])
        XCTAssertEqual(messages("tap row 0 1.5\n"), ["1:11 a row index must be a whole number of at least 0 (found 1.5)"])
        XCTAssertEqual(messages("swipe 2s\n"), ["1:7 swipe takes a distance (pt), found a duration (s)"])
        XCTAssertEqual(messages("swipe 10 in 0\n"), ["1:13 swipe ... in needs a duration greater than 0 (found 0)"])
        XCTAssertEqual(messages("section \"A\" rows 1\ntap header \"B\"\n"), ["2:12 no section is titled \"B\" (did you mean \"A\"?)"])
        XCTAssertEqual(messages("section \"山手線\" rows 1\ntap header \"Zürich\"\n"), ["2:12 no section is titled \"Zürich\" (the titles are \"山手線\")"])
        XCTAssertEqual(messages("tap header \"B\"\n"), ["1:12 no section is titled \"B\" (this scenario's sections have no titles; tap one with 'tap header I')"])
        XCTAssertEqual(messages("expect tap.target == 3\n"), ["1:19 cannot compare a string with a number"])
    }

    // MARK: - The REPL's :expect

    func testAQuestionMarkTypedInTheReplPointsAtExpect() {
        let core = ReplCore()
        XCTAssertFalse(core.enter("drag -100").failed)
        let r = core.enter("expect offset ~= ?")
        XCTAssertTrue(r.failed)
        XCTAssertTrue(r.text.hasPrefix("<repl>:2:18: error: no recorded value: offset is 100.00 here (':expect offset' adds this check with its value now)"), r.text)
    }

    func testReplExpectAddsChecksThatSaveWrites() throws {
        let core = ReplCore()
        XCTAssertEqual(core.addExpectations([]).text, "error: the last entry changed nothing to check; name what to check, as in ':expect offset header.height'")
        XCTAssertFalse(core.enter("sections 20 rows 4").failed)
        XCTAssertFalse(core.enter("drag -100").failed)
        // drag -100: offset 0 → 100 (exact), finger down, dragging; finger translation −100.
        let added = core.addExpectations([])
        XCTAssertFalse(added.failed, added.text)
        XCTAssertTrue(added.text.hasPrefix("added "), added.text)
        XCTAssertTrue(added.text.contains("\n  expect offset ~= 100.00\n"), added.text)
        XCTAssertTrue(added.text.contains("\n  expect phase == dragging\n"), added.text)
        XCTAssertTrue(added.text.contains("\n  expect finger.translation ~= -100.00"), added.text)
        XCTAssertFalse(core.enter("release").failed)
        XCTAssertFalse(core.enter("tap row 0 1").failed)
        let named = core.addExpectations(["tap.target", "section[0].rows", "offset.max"])
        // 20·(28 + 4·44) = 4080; max = 4080 − 667 = 3413.
        XCTAssertEqual(named.text, "added 3 checks (:save writes them):\n  expect tap.target == \"row[0,1]\"\n  expect section[0].rows == 4\n  expect offset.max ~= 3413.00")
        XCTAssertEqual(core.addExpectations(["header.height"]).text, "error: header.height: 'header.height' needs a header, and this scenario declares none (add 'header H')")
        XCTAssertTrue(core.addExpectations(["nosuch"]).text.hasPrefix("error: nosuch: unknown name 'nosuch'"))
        let text = try core.savedScenarioText().get()
        XCTAssertTrue(text.contains("  drag -100\n  expect offset ~= 100.00\n"), text)
        XCTAssertTrue(text.contains("  tap row 0 1\n  expect tap.target == \"row[0,1]\"\n  expect section[0].rows == 4\n  expect offset.max ~= 3413.00\n}"), text)
        // The saved scenario runs and passes.
        let checked = checkSource(SourceFile(name: "s", text: text))
        XCTAssertEqual(checked.diagnostics, [])
        XCTAssertNil(runScenario(checked.scenarios[0]).failure)
    }
}
