import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

final class ReplCompleterTests: XCTestCase {
    private let files: [String: [DirectoryEntry]] = [
        "": [DirectoryEntry(name: "scene.scroll", isDirectory: false),
             DirectoryEntry(name: "scenarios", isDirectory: true),
             DirectoryEntry(name: ".hidden.scroll", isDirectory: false),
             DirectoryEntry(name: "Other.scroll", isDirectory: false),
             DirectoryEntry(name: "b.scroll", isDirectory: false)],
        "scenarios/": [DirectoryEntry(name: "pull.scroll", isDirectory: false),
                       DirectoryEntry(name: "fling.scroll", isDirectory: false)],
    ]

    private func complete(_ line: String) -> Completion {
        let files = self.files
        let completer = Completer(listDirectory: { files[$0] })
        return completer.complete(line: line, cursor: line.utf8.count)
    }

    func testObservableAfterDot() {
        XCTAssertEqual(complete("header.h"), Completion(wordStart: 0, candidates: ["header.height"]))
    }

    func testAllHeaderNamesInAnExpression() {
        // 8 header observables + 2 header tunables, sorted by bytes ("bo" < "bot" < "d" ...)
        XCTAssertEqual(complete("print header.").candidates, [
            "header.bodyFollows", "header.bottom", "header.duration", "header.expanded", "header.frame",
            "header.height", "header.image.height", "header.image.y", "header.scale", "header.y",
        ])
        XCTAssertEqual(complete("print header.").wordStart, 6)
    }

    func testSectionMembers() {
        XCTAssertEqual(complete("expect section[2].h").candidates, ["section[2].height"])
        XCTAssertEqual(complete("expect section[2].").candidates, [
            "section[2].frame", "section[2].height", "section[2].open", "section[2].rows", "section[2].title", "section[2].y",
        ])
    }

    /// An expression statement at the start of a line (the REPL prints its value) completes
    /// its member as after `expect` (docs/repl.md's completion table).
    func testMembersAtTheStartOfALine() {
        XCTAssertEqual(complete("section[0].ti").candidates, ["section[0].title"])
        XCTAssertEqual(complete("row[1,2].vi").candidates, ["row[1,2].visible"])
        XCTAssertEqual(complete("offset; section[3].o").candidates, ["section[3].open"])
    }

    func testRowMembersKeepTheCommaInsideBrackets() {
        let c = complete("print offset, row[0,1].")
        XCTAssertEqual(c.candidates, ["row[0,1].frame", "row[0,1].height", "row[0,1].title", "row[0,1].visible", "row[0,1].y"])
        // "print offset, " is 14 bytes
        XCTAssertEqual(c.wordStart, 14)
    }

    func testTunablesAfterSet() {
        XCTAssertEqual(complete("set row").candidates, ["row.height"])
        // Every tunable, the scroll view's and the behaviours' (derived from the registry: a
        // new behaviour's tunables need no edit here), sorted by bytes; the spec §3 table's
        // among them (independent).
        let all = complete("set ").candidates
        XCTAssertEqual(all, Completer.sortedByBytes(BehaviourRegistry.builtIn.tunables.map { $0.name }))
        for spec in ["deceleration", "rubberband", "bounce.stiffness", "bounce.damping", "drag.speed", "fling.duration",
                     "row.height", "section.height", "toolbar.showVelocity", "toolbar.hideDistance", "toolbar.duration",
                     "header.duration", "header.bodyFollows", "accordion.duration", "refresh.trigger"] {
            XCTAssertTrue(all.contains(spec), spec)
        }
        XCTAssertEqual(complete("set snap").candidates, ["snapback.damping", "snapback.stiffness"])
    }

    func testStatementStartMixesKeywordsAndNames() {
        // keywords section/sections/set/settle, the tunable section.height, the opening section[
        XCTAssertEqual(complete("se").candidates, ["section", "section.height", "section[", "sections", "set", "settle"])
    }

    func testSecondStatementOnALine() {
        // the keyword fling, the tunable fling.duration and the function floor
        XCTAssertEqual(complete("pull 120; fl"), Completion(wordStart: 10, candidates: ["fling", "fling.duration", "floor("]))
        XCTAssertEqual(complete("repeat 3 { sett"), Completion(wordStart: 11, candidates: ["settle"]))
    }

    func testFollowWords() {
        XCTAssertEqual(complete("tap h").candidates, ["header"])
        XCTAssertEqual(complete("header 240 p").candidates, ["parallax", "pin"])
        XCTAssertEqual(complete("pull 1").candidates, [])
        // v1.2 words: swipe, tap row, and the new observables.
        XCTAssertEqual(complete("swi").candidates, ["swipe"])
        XCTAssertEqual(complete("swipe -300 i").candidates, ["in"])
        XCTAssertEqual(complete("tap r").candidates, ["row"])
        // header, row and every behaviour's targetable view (derived from the registry), the
        // toolbar among them (independent).
        let targetable = BehaviourRegistry.builtIn.ids.flatMap { BehaviourRegistry.builtIn.declaration($0).views }
            .filter { $0.targetable }.map { $0.name }
        XCTAssertEqual(complete("tap ").candidates, Completer.sortedByBytes(Array(Set(["header", "row"] + targetable))))
        XCTAssertTrue(complete("tap ").candidates.contains("toolbar"))
        XCTAssertEqual(complete("expect offset.m").candidates, ["offset.max", "offset.min"])
        XCTAssertEqual(complete("expect tap.").candidates, ["tap.target"])
    }

    /// The scene of the issue: three train lines, one untitled section of 12 rows.
    private func complete(_ line: String, scene: String) -> Completion {
        let checked = checkSource(SourceFile(name: "s.scroll", text: scene + "\nwait 1s\n"))
        XCTAssertEqual(checked.diagnostics, [])
        let config = checked.scenarios.first?.config
        return Completer(listDirectory: { _ in [] }, scene: { config }).complete(line: line, cursor: line.utf8.count)
    }

    static let lines = "section \"山手線\" rows \"渋谷\" \"新宿\" closed\nsection rows 12\nsection \"東横線\" rows 3\nsection \"a\\\"b\" rows 1"

    func testTapHeaderOffersTheScenesSectionsNotTheTapWordsAgain() {
        // Sections 0, 2, 3 have a header view (1 is untitled); their titles, quoted.
        XCTAssertEqual(complete("tap header ", scene: Self.lines).candidates, ["\"a\\\"b\"", "\"山手線\"", "\"東横線\"", "0", "2", "3"])
        XCTAssertEqual(complete("tap header 2", scene: Self.lines).candidates, ["2"])
        XCTAssertEqual(complete("tap header \"山", scene: Self.lines), Completion(wordStart: 11, candidates: ["\"山手線\""]))
        XCTAssertEqual(complete("tick; tap header \"", scene: Self.lines).candidates, ["\"a\\\"b\"", "\"山手線\"", "\"東横線\""])
        // tap row: the sections, then the rows of the one named.
        XCTAssertEqual(complete("tap row ", scene: Self.lines).candidates, ["0", "1", "2", "3"])
        XCTAssertEqual(complete("tap row 1 1", scene: Self.lines).candidates, ["1", "10", "11"])
        XCTAssertEqual(complete("tap row 0 ", scene: Self.lines).candidates, ["0", "1"])
        XCTAssertEqual(complete("tap row 9 ", scene: Self.lines).candidates, [])
        // Never the tap words again (accepting gave `tap header header`), with or without a scene.
        XCTAssertEqual(complete("tap header ").candidates, [])
        XCTAssertEqual(complete("tap toolbar ", scene: Self.lines).candidates, [])
        // Other strings still complete nothing.
        XCTAssertEqual(complete("print \"山", scene: Self.lines).candidates, [])
    }

    func testSubscriptsOfferTheScenesIndexes() {
        XCTAssertEqual(complete("expect section[", scene: Self.lines),
                       Completion(wordStart: 7, candidates: ["section[0].", "section[1].", "section[2].", "section[3]."]))
        XCTAssertEqual(complete("section[", scene: Self.lines).candidates, ["section[0].", "section[1].", "section[2].", "section[3]."])
        XCTAssertEqual(complete("expect row[", scene: Self.lines).candidates, ["row[0,", "row[1,", "row[2,", "row[3,"])
        XCTAssertEqual(complete("expect row[2,", scene: Self.lines).candidates, ["row[2,0].", "row[2,1].", "row[2,2]."])
        // By their bytes, as every candidate: '0' (0x30) sorts before ']' (0x5D).
        XCTAssertEqual(complete("print offset, row[1,1", scene: Self.lines).candidates, ["row[1,10].", "row[1,11].", "row[1,1]."])
        XCTAssertEqual(complete(":watch section[3", scene: Self.lines), Completion(wordStart: 7, candidates: ["section[3]."]))
        // A single one ends in '.': no space, and the next Tab offers the members.
        XCTAssertTrue(complete("expect section[3", scene: Self.lines).suppressesSpace)
        // Not a subscript of ours, or no scene known: as before.
        XCTAssertEqual(complete("expect xsection[", scene: Self.lines).candidates.contains("section[0]."), false)
        XCTAssertFalse(complete("expect section[").candidates.contains("section[0]."))
    }

    func testStateNamesInExpressions() {
        let line = "expect offset > 3 and toolbar.state == hi"
        XCTAssertEqual(complete(line), Completion(wordStart: line.utf8.count - 2, candidates: ["hidden", "hiding"]))
    }

    /// After a state observable and `==`/`!=`, only that family's states: a toolbar state
    /// is never offered after `phase ==`, nor a phase after `toolbar.state !=`.
    func testStatesOfTheComparedFamilyOnly() {
        XCTAssertEqual(complete("expect phase == ").candidates, ["bouncing", "decelerating", "dragging", "idle"])
        XCTAssertEqual(complete("expect toolbar.state != ").candidates, ["hidden", "hiding", "showing", "shown"])
        XCTAssertEqual(complete("toolbar.state==s").candidates, ["showing", "shown"])
        XCTAssertEqual(complete(":expect refresh.state == ").candidates, ["ending", "idle", "pulling", "refreshing"])
        XCTAssertEqual(complete(":break 3 if phase != d").candidates, ["decelerating", "dragging"])
        // Not a state observable: every name, as before.
        XCTAssertTrue(complete("expect offset == h").candidates.contains("header.height"))
    }

    func testNothingInsideAStringOrComment() {
        XCTAssertEqual(complete("print \"hea").candidates, [])
        XCTAssertEqual(complete("tick # hea").candidates, [])
    }

    func testColonCommands() {
        XCTAssertEqual(complete(":lo"), Completion(wordStart: 0, candidates: [":load"]))
        XCTAssertEqual(complete(":s").candidates, [":save", ":show", ":step"])
        XCTAssertEqual(complete(":").candidates.count, 23)
        XCTAssertEqual(complete(":r").candidates, [":reload", ":replay", ":reset"])
        XCTAssertEqual(complete(":rel"), Completion(wordStart: 0, candidates: [":reload"]))
        XCTAssertEqual(complete(":u").candidates, [":undisplay", ":unload"])
        XCTAssertEqual(complete(":plot sc").candidates, ["scenarios/", "scene.scroll"])
        XCTAssertEqual(complete(":replay sc").candidates, ["scenarios/", "scene.scroll"])
        XCTAssertEqual(complete(":expect tap.t").candidates, ["tap.target"])
        XCTAssertEqual(complete(":expect offset header.h").candidates, ["header.height"])
        XCTAssertEqual(complete(":help br").candidates, ["break", "breaks"])
        XCTAssertEqual(complete(":watch header.sc").candidates, ["header.scale"])
        XCTAssertEqual(complete(":break 12 if off").candidates, ["offset", "offset.max", "offset.min"])
        XCTAssertEqual(complete(":step 1").candidates, [])
    }

    func testFileNamesAfterLoadAndSave() {
        // hidden files skipped; directories get a slash; sorted by bytes
        XCTAssertEqual(complete(":load sc"), Completion(wordStart: 6, candidates: ["scenarios/", "scene.scroll"]))
        XCTAssertEqual(complete(":save ").candidates, ["Other.scroll", "b.scroll", "scenarios/", "scene.scroll"])
        XCTAssertEqual(complete(":load scenarios/p").candidates, ["scenarios/pull.scroll"])
        XCTAssertEqual(complete(":load .h").candidates, [".hidden.scroll"])
        XCTAssertEqual(complete(":load nowhere/x").candidates, [])
        // the scenario argument is not a file
        XCTAssertEqual(complete(":load scene.scroll sc").candidates, [])
    }

    func testRealDirectoryListingIsSortedByBytes() throws {
        let dir = NSTemporaryDirectory() + "repl-complete-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["b.scroll", "B.scroll", "a.scroll"] {
            _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data())
        }
        let entries = try XCTUnwrap(Completer.listFileSystem(dir + "/"))
        XCTAssertEqual(entries.filter { !$0.name.hasPrefix(".") }.map { $0.name }, ["B.scroll", "a.scroll", "b.scroll", "sub"])
        XCTAssertEqual(entries.first { $0.name == "sub" }?.isDirectory, true)
        let c = Completer().complete(line: ":load \(dir)/s", cursor: (":load \(dir)/s").utf8.count)
        XCTAssertEqual(c.candidates, [dir + "/sub/"])
        XCTAssertTrue(c.suppressesSpace)
    }

    func testSpaceSuppression() {
        XCTAssertTrue(Completion(wordStart: 0, candidates: ["section["]).suppressesSpace)
        XCTAssertFalse(Completion(wordStart: 0, candidates: ["offset"]).suppressesSpace)
        XCTAssertFalse(Completion(wordStart: 0, candidates: ["dir/", "b"]).suppressesSpace)
    }

    func testWordStartCountsUTF8Bytes() {
        // "print 山手 " = 6 + 3*2 + 1 = 13 bytes
        XCTAssertEqual(complete("print 山手 velo"), Completion(wordStart: 13, candidates: ["velocity"]))
    }
}
