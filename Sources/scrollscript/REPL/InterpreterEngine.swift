import ScrollScript

/// The `ReplEngine` of `scrollscript repl`: the library's `ReplCore` (one world, a
/// loaded scenario, breakpoints, watches) behind the terminal loop. `:show` is drawn
/// here, because the renderer sizes itself to the terminal.
final class InterpreterEngine: ReplEngine {
    let core: ReplCore
    /// The renderer for `:show` (the terminal's size by default).
    var makeRenderer: () -> ScreenRenderer = { TerminalSize.renderer() }

    init(shouldInterrupt: @escaping () -> Bool = Interrupt.poll) {
        core = ReplCore(shouldInterrupt: shouldInterrupt)
    }

    func handle(source: String) -> ReplReply {
        reply(core.enter(source))
    }

    func handle(command: ColonCommand) -> ReplReply {
        switch command {
        case .load(let path, let scenario): return reply(core.load(path: path, scenario: scenario))
        case .list: return reply(core.list())
        case .whereAmI: return reply(core.whereAmI())
        case .step(let n): return reply(core.step(n))
        case .tick(let n): return reply(core.tick(n))
        case .continueRun: return reply(core.continueRun())
        case .breakAt(let line, let condition): return reply(core.addBreakpoint(line: line, condition: condition))
        case .delete(let n): return reply(core.deleteStop(n))
        case .breaks: return reply(core.listStops())
        case .watch(let e): return reply(core.addWatch(e))
        case .display(let e): return reply(core.addDisplay(e))
        case .undisplay(let n): return reply(core.removeDisplay(n))
        case .frames: return reply(core.framesTable())
        case .show: return ReplReply(output: show())
        case .reset: return reply(core.reset())
        case .save(let path): return reply(core.save(path: path))
        case .plot(let path): return reply(core.picture(path: path, kind: .plot))
        case .replay(let path): return reply(core.picture(path: path, kind: .replay))
        case .expect(let names): return reply(core.addExpectations(names))
        case .help, .quit: return ReplReply()  // the loop answers these
        }
    }

    func needsMoreInput(_ pending: String) -> Bool {
        isIncomplete(pending)
    }

    var vocabulary: ReplVocabulary { .standard }

    /// The screen drawn with `ScreenRenderer`.
    private func show() -> String {
        let world = core.world
        var w = 0.0, h = 0.0
        if case .number(let x, _) = world.value(.screenWidth) { w = x }
        if case .number(let y, _) = world.value(.screenHeight) { h = y }
        let lines = makeRenderer().render(world.visibleFrames(), screenWidth: w, screenHeight: h)
        return ([replTimeLabel(world.time)] + lines).joined(separator: "\n")
    }

    private func reply(_ o: ReplOutcome) -> ReplReply {
        ReplReply(output: o.text, failed: o.failed)
    }
}
