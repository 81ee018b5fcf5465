// A scenario's frames in memory, for the plot and the replay page.
//
// Bounded: past `maxFrames` frames, every other frame kept so far is dropped and from
// then on only every 2nd (4th, ...) frame is kept, so a long scenario still fits (its
// picture shows every k-th frame; the trace has them all). The last frame is always kept.
import ScrollSim

/// One section's views on screen in a frame.
public struct SectionSample: Equatable, Sendable {
    public var index: Int
    /// The header view (sticky position applied); height 0 for an untitled section.
    public var headerY: Double
    public var headerHeight: Double
    /// Screen y of row 0 and the height of a row (0 while closed).
    public var rowsTop: Double
    public var rowHeight: Double
    /// The rows on screen, `firstRow...lastRow`; -1 when none is.
    public var firstRow: Int
    public var lastRow: Int
    /// Whether the section's header view is on screen.
    public var headerOnScreen: Bool
}

/// One recorded frame.
public struct FrameSample: Equatable, Sendable {
    public var frame: Int
    public var time: Double
    /// Index into `ScenarioPlayback.statements`; -1 at frame 0.
    public var statement: Int
    public var phase: String
    public var offset: Double
    public var fingerDown: Bool
    public var fingerTranslation: Double
    /// The frame of each view the pictures draw (`PictureRecording.drawnViews`), nil where
    /// it has none.
    public var views: [Rect?]
    /// The opacity of each drawn view of the `.box` style (1 for the others).
    public var opacities: [Double] = []
    public var sections: [SectionSample]
    /// The panel's values, as `print` shows them, in `PictureRecording.panelColumns` order.
    public var panel: [String]
    /// The plot's series values, in `PictureRecording.plotColumns` order (NaN where a
    /// value is not a finite number).
    public var plotValues: [Double] = []
}

public struct PictureRecording: Sendable {
    /// The most frames kept (see above).
    public static let maxFrames = 20_000

    public var file: String
    public var scenarioName: String
    public var config: SceneConfig
    public var statements: [PlaybackStatement]
    public var spans: [PlaybackSpan]
    public var checks: [PlaybackCheck]
    public var droppedSpans: Int
    public var failure: RunFailure?
    public var frames: [FrameSample]
    /// 1, or the k of "every k-th frame" when the scenario was longer than `maxFrames`.
    public var stride: Int
    /// The panel's observables.
    public var panelColumns: [TraceColumn]
    /// The plot's series: the ones asked for (`plot --columns`), else `PlotColumns.defaults`.
    public var plotColumns: [TraceColumn]
    /// True when `plotColumns` were asked for: the plot draws exactly them.
    public var plotColumnsChosen: Bool
    /// The behaviours' views the pictures draw (every view but tap zones), in registration order.
    public var drawnViews: [ViewID]
    public var fps: Int { max(1, config.fps) }
    /// Simulated time at the end (or the failure).
    public var duration: Double

    /// Runs `scenario` (from `file`) and records it; `plotColumns` are the plot's series
    /// (`PlotColumns.parse`), nil for the defaults.
    public init(_ scenario: CheckedScenario, file: String, plotColumns: [TraceColumn]? = nil,
                shouldInterrupt: @escaping () -> Bool = { false }) {
        let playback = ScenarioPlayback(scenario)
        let registry = scenario.config.registry
        let columns = TraceColumns.defaults(for: scenario.config).filter {
            if case .observable(let id, _, _) = $0.source { return registry.observable(id).subscriptForm == .none }
            return false
        }
        let plotted = plotColumns ?? PlotColumns.defaults(for: scenario.config)
        var drawn: [ViewID] = []
        for id in registry.ids {
            for (k, v) in registry.declaration(id).views.enumerated() where v.style != .tapZone { drawn.append(ViewID(id, k)) }
        }
        var frames: [FrameSample] = []
        var stride = 1
        var lastFrame = 0
        playback.run(shouldInterrupt: shouldInterrupt) { world, k in
            let f = world.frameIndex
            lastFrame = f
            guard f % stride == 0 else { return }
            if frames.count >= PictureRecording.maxFrames {
                var kept: [FrameSample] = []
                kept.reserveCapacity(frames.count / 2 + 1)
                for s in frames where s.frame % (stride * 2) == 0 { kept.append(s) }
                frames = kept
                stride *= 2
                if f % stride != 0 { return }
            }
            frames.append(PictureRecording.sample(world, k, columns, plotted, drawn))
        }
        // The world as the scenario ended: the last frame when the stride skipped it, and
        // one more sample at the same time when a release or a tap acted after it.
        if frames.last?.frame != lastFrame || playback.actedAfterLastFrame {
            frames.append(PictureRecording.sample(playback.finalWorld, playback.finalStatement, columns, plotted, drawn))
        }
        self.file = file
        self.scenarioName = scenario.name
        self.config = scenario.config
        self.statements = playback.statements
        self.spans = playback.spans
        self.checks = playback.checks
        self.droppedSpans = playback.droppedSpans
        self.failure = playback.failure
        self.frames = frames
        self.stride = stride
        self.panelColumns = columns
        self.plotColumns = plotted
        self.plotColumnsChosen = plotColumns != nil
        self.drawnViews = drawn
        self.duration = playback.finalWorld.time
    }

    static func sample(_ world: World, _ k: Int, _ columns: [TraceColumn], _ plotted: [TraceColumn],
                       _ drawn: [ViewID]) -> FrameSample {
        var sections: [SectionSample] = []
        var seen: [Int] = []
        for f in world.visibleFrames() {
            let i: Int
            switch f.kind {
            case .section(let s): i = s
            case .row(let s, _): i = s
            default: continue
            }
            if seen.last != i {
                seen.append(i)
                let head = world.sectionFrame(i) ?? Rect(x: 0, y: 0, width: 0, height: 0)
                let row0 = world.rowFrame(i, 0) ?? Rect(x: 0, y: head.y + head.height, width: 0, height: 0)
                sections.append(SectionSample(index: i, headerY: head.y, headerHeight: head.height,
                                              rowsTop: row0.y, rowHeight: row0.height,
                                              firstRow: -1, lastRow: -1, headerOnScreen: false))
            }
            let n = sections.count - 1
            if case .row(_, let j) = f.kind {
                if sections[n].firstRow < 0 { sections[n].firstRow = j }
                sections[n].lastRow = j
            } else {
                sections[n].headerOnScreen = true
            }
        }
        var phase = ""
        if case .state(let p) = world.value(.phase) { phase = p.name }
        var translation = 0.0
        if case .number(let t, _) = world.value(.fingerTranslation) { translation = t }
        return FrameSample(frame: world.frameIndex, time: world.time, statement: k, phase: phase,
                           offset: world.offset, fingerDown: world.fingerIsDown,
                           fingerTranslation: translation, views: drawn.map { world.frame(of: $0) },
                           opacities: drawn.map { world.registry.view($0).style == .box ? world.opacity(of: $0) : 1 },
                           sections: sections, panel: columns.map { $0.value(in: world)?.formatted ?? "" },
                           plotValues: plotted.map { c in
                               if case .number(let x, _)? = c.value(in: world), x.isFinite { return x }
                               return .nan
                           })
    }
}
