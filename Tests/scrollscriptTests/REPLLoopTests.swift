import XCTest
import Glibc
@testable import scrollscript

final class REPLLoopTests: XCTestCase {
    private func run(_ lines: [LineResult], interactive: Bool, initial: [ColonCommand] = [])
        -> (status: Int32, output: String, reader: ScriptedLineReader, engine: EchoEngine, clears: Int) {
        let reader = ScriptedLineReader(lines, interactive: interactive)
        let engine = EchoEngine()
        var output = ""
        var clears = 0
        let loop = ReplLoop(reader: reader, engine: engine, write: { output += $0 }, clearInterrupt: { clears += 1 })
        let status = loop.run(initial: initial)
        return (status, output, reader, engine, clears)
    }

    func testPromptsContinuationAndBlocks() {
        let r = run([.line("pull 120"), .line("repeat 2 {"), .line("  tick"), .line("}"), .line("")], interactive: true)
        XCTAssertEqual(r.engine.sources, ["pull 120", "repeat 2 {\n  tick\n}"])
        // one prompt per read: pull, repeat, (continuation) tick, (continuation) }, blank, end
        XCTAssertEqual(r.reader.prompts, ["scroll> ", "scroll> ", "  ...> ", "  ...> ", "scroll> ", "scroll> "])
        XCTAssertEqual(r.output, "echo: pull 120\necho: repeat 2 {\n  tick\n}\n\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.reader.closed)
        XCTAssertEqual(r.reader.history, ["pull 120", "repeat 2 {", "  tick", "}", ""])
    }

    func testCtrlCDropsTheOpenBlock() {
        let r = run([.line("repeat 2 {"), .interrupted, .line("tick")], interactive: true)
        XCTAssertEqual(r.engine.sources, ["tick"])
        XCTAssertEqual(r.reader.prompts, ["scroll> ", "  ...> ", "scroll> ", "scroll> "])
        // cleared after ^C and after the one reply
        XCTAssertEqual(r.clears, 2)
    }

    func testPipedModeHasNoPromptsAndFailsWithStatus1() {
        let r = run([.line("pull 1"), .line("expect fail"), .line("tick")], interactive: false)
        XCTAssertEqual(r.reader.prompts, ["", "", "", ""])
        XCTAssertEqual(r.engine.sources, ["pull 1", "expect fail", "tick"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.output, "echo: pull 1\necho: expect fail\necho: tick\n")
    }

    func testPipedModeAllGoodIsStatus0() {
        XCTAssertEqual(run([.line("pull 1")], interactive: false).status, 0)
    }

    func testInteractiveFailureIsStillStatus0() {
        XCTAssertEqual(run([.line("fail")], interactive: true).status, 0)
    }

    func testColonCommandsGoToTheEngineParsed() {
        let r = run([.line("  :step 3"), .line(":break 4 if offset > 10")], interactive: false)
        XCTAssertEqual(r.engine.commands, [.step(3), .breakAt(line: 4, condition: "offset > 10")])
        XCTAssertEqual(r.engine.sources, [])
    }

    func testUnknownColonCommandFailsWithSuggestion() {
        let r = run([.line(":stpe")], interactive: false)
        XCTAssertEqual(r.output, "error: unknown command ':stpe'; did you mean ':step'?\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.engine.commands, [])
    }

    func testQuitStopsReading() {
        let r = run([.line(":quit"), .line("pull 1")], interactive: true)
        XCTAssertEqual(r.engine.sources, [])
        XCTAssertEqual(r.reader.prompts.count, 1)
    }

    func testEngineCanQuit() {
        let r = run([.line("bye"), .line("pull 1")], interactive: false)
        XCTAssertEqual(r.engine.sources, ["bye"])
    }

    func testHelpIsAnsweredByTheLoop() {
        let r = run([.line(":help"), .line(":help :tick")], interactive: true)
        XCTAssertTrue(r.output.contains("  :load FILE [SCENARIO]"))
        XCTAssertTrue(r.output.contains(":tick [N]\n  advance N display frames (default 1)\n"))
        XCTAssertEqual(r.engine.commands, [])
    }

    func testUnfinishedBlockAtEndOfInputGoesToTheEngine() {
        let r = run([.line("repeat 2 {"), .line("tick")], interactive: false)
        XCTAssertEqual(r.engine.sources, ["repeat 2 {\ntick"])
    }

    func testInitialLoadRunsFirst() {
        let r = run([.line("tick")], interactive: false, initial: [.load(path: "a.scroll", scenario: nil)])
        XCTAssertEqual(r.engine.commands, [.load(path: "a.scroll", scenario: nil)])
        XCTAssertEqual(r.output, "command\necho: tick\n")
    }

    func testBlockBalance() {
        XCTAssertTrue(BlockBalance.isOpen("repeat 3 {"))
        XCTAssertFalse(BlockBalance.isOpen("repeat 3 { fling -300; settle }"))
        XCTAssertFalse(BlockBalance.isOpen("print \"{\""))
        XCTAssertFalse(BlockBalance.isOpen("tick # {"))
        XCTAssertTrue(BlockBalance.isOpen("scene {\n  section \"a\\\"{\" rows 3\n"))
        XCTAssertTrue(BlockBalance.isOpen("{\n{\n}"))
        XCTAssertFalse(BlockBalance.isOpen("}}"))
    }
}

/// TEST DOUBLE: an engine whose "long run" gets a Ctrl-C half way, polls the flag the way
/// the interpreter's frame loop will, and stops there.
private final class InterruptedRunEngine: ReplEngine {
    var framesRun = 0

    func handle(source: String) -> ReplReply {
        for frame in 0..<1000 {
            if frame == 10 { raise(SIGINT) }
            if Interrupt.poll() { return ReplReply(output: "interrupted", failed: true) }
            framesRun += 1
        }
        return ReplReply(output: "done")
    }

    func handle(command: ColonCommand) -> ReplReply { ReplReply() }
}

final class REPLInterruptLoopTests: XCTestCase {
    func testCtrlCDuringARunStopsItAndTheLoopClearsTheFlag() {
        XCTAssertTrue(Interrupt.install())
        Interrupt.clear()
        let engine = InterruptedRunEngine()
        let reader = ScriptedLineReader([.line("settle")], interactive: true)
        var output = ""
        let status = ReplLoop(reader: reader, engine: engine, write: { output += $0 }).run()
        XCTAssertEqual(engine.framesRun, 10)  // frames 0...9 ran; the signal came at frame 10
        XCTAssertEqual(output, "interrupted\n\n")
        XCTAssertFalse(Interrupt.isPending)   // cleared once back at the prompt
        XCTAssertEqual(status, 0)
    }
}
