// Pull to refresh (spec §6.7): UIKit's UIRefreshControl, with the numbers of Flutter's
// Cupertino refresh. Pulled past the top bound by refresh.trigger while the finger is down,
// it starts refreshing: an extra top inset of refresh.height moves the top bound (the
// world re-bases the drag, so the offset does not jump); after refresh.duration the inset
// animates back to 0 over refresh.endDuration. (v1.5) One refresh per pull: a refresh
// disarms the control, and only the content back within refresh.trigger ÷ 10 of the top
// re-arms it; every change of the inset under a finger re-bases the drag (World.step), so
// the offset never moves under a still finger. An indicator view fills the gap above the
// content. It needs a header that does not stretch (a stretchy one would fill that gap).

/// `refresh`.
public struct PullToRefresh: BuiltInBehaviour, Equatable {
    /// Its members, by name: the declaration below lists them in this order.
    public enum Tunable: Int, BehaviourMember { case trigger, height, duration, endDuration }
    public enum Observable: Int, BehaviourMember { case state, progress, inset, count, frame }
    public enum View: Int, BehaviourMember { case refresh }

    public static let declaration = BehaviourDeclaration(
        name: "refresh", namespace: "refresh",
        configuration: .word(ConfigWord(
            "refresh", noun: "refresh control", usage: "refresh",
            summary: "a pull-to-refresh control at the top of the table (UIRefreshControl); needs a header with nostretch, or none")),
        conditions: [.needsOption(word: "header", option: "nostretch")],
        tunables: Tunable.allCases.map {
            switch $0 {
            case .trigger:
                TunableDeclaration("trigger", .quantity(.points), default: 100, range: TunableRange(1, 10_000),
                                   summary: "how far past the top bound, pt, a pull starts a refresh while the finger is down")
            case .height:
                TunableDeclaration("height", .quantity(.points), default: 60, range: TunableRange(0, 10_000),
                                   summary: "the indicator's height: the extra top inset while refreshing")
            case .duration:
                TunableDeclaration("duration", .quantity(.seconds), default: 1, range: TunableRange(0, 3600),
                                   summary: "how long a refresh runs before it ends by itself, s (the app's work)")
            case .endDuration:
                TunableDeclaration("endDuration", .quantity(.seconds), default: 0.3, range: TunableRange(0, 3600),
                                   summary: "the extra inset's return to 0 when a refresh ends, s, ease-in-out")
            }
        },
        observables: Observable.allCases.map {
            switch $0 {
            case .state:
                ObservableDeclaration("state", .state, summary: "the refresh control: idle, pulling, refreshing or ending",
                                      prominence: 3, trace: .always)
            case .progress:
                ObservableDeclaration("progress", .quantity(.number),
                                      summary: "the pull past the top bound ÷ refresh.trigger, at most 1, while pulling (what a spinner draws); 1 while refreshing or ending, 0 when idle",
                                      prominence: 13, trace: .always)
            case .inset:
                ObservableDeclaration("inset", .quantity(.points), summary: "the extra top inset now (refresh.height while refreshing, 0 when idle)",
                                      prominence: 12, trace: .always)
            case .count: ObservableDeclaration("count", .quantity(.count), summary: "the refreshes started so far", prominence: 16, trace: .always)
            case .frame: ObservableDeclaration("frame", .rect, summary: "the indicator's frame (x, y, width, height): the gap above the content; printed, not compared")
            }
        },
        states: ["idle", "pulling", "refreshing", "ending"],
        views: View.allCases.map {
            switch $0 {
            case .refresh:
                ViewDeclaration("refresh", label: "refresh indicator", noun: "refresh indicator", layer: .background,
                                takesTaps: false, style: .indicator)
            }
        },
        listens: [.fingerTracked, .dragEnded],
        synonyms: BehaviourSynonyms(
            view: "refreshcontrol uirefreshcontrol refreshindicator spinner",
            states: [("refreshing", "loading spinning")]))

    /// `refresh.state`, its raw value its place in `declaration.states`.
    enum Phase: Int, Equatable, Sendable { case idle, pulling, refreshing, ending }

    let trigger: Double
    let height: Double
    let duration: Double
    let endDuration: Double
    /// `refresh.state`'s values, by `Phase.rawValue`.
    let states: [StateID]
    private(set) var phase = Phase.idle
    /// The extra top inset now (the world reads `Adjustments.contentInsetTop`).
    private(set) var inset: Double = 0
    private(set) var count = 0
    /// A refresh may start (v1.5): false from a refresh's start until a frame's step 5 finds
    /// the control idle or pulling with q ≤ trigger ÷ 10. While false it watches every
    /// frame's end (`frameWatched`), so that it re-arms with the finger up too.
    private(set) var armed = true
    /// When the refresh in progress started (t0).
    private var started: Double = 0
    /// The inset's return to 0 while ending.
    private var end = Tween(from: 0, to: 0, start: 0, duration: 0, curve: .easeInOut)
    /// The time of the frame whose step 3 ended a refresh: no other rule runs in it.
    private var endedAt = -Double.infinity

    public init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments) {
        trigger = setup.tunable(Tunable.trigger)
        height = setup.tunable(Tunable.height)
        duration = setup.tunable(Tunable.duration)
        endDuration = setup.tunable(Tunable.endDuration)
        states = PullToRefresh.declaration.states.enumerated().map { StateID(family: .behaviour(setup.id), index: $0, name: $1) }
    }

    @inline(__always)  // into the protocol witness: the reaction is written once (Behaviour.reduce)
    public mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        let t = scroll.time
        switch event {
        case .frameTicked:
            // Step 3: refreshing → ending at t0 + duration exactly; ending → idle when the
            // inset's return completes.
            if phase == .refreshing,
               Tween(from: 0, to: 1, start: started, duration: duration, curve: .linear).isFinished(at: t) {
                phase = .ending
                end = Tween(from: height, to: 0, start: started + duration, duration: endDuration, curve: .easeInOut)
            }
            if phase == .ending {
                inset = end.value(at: t)
                if end.isFinished(at: t) {
                    inset = 0
                    phase = .idle
                    endedAt = t
                }
                adjustments.contentInsetTop = inset
            }
        case .fingerTracked:
            // Step 5, after this frame's layout: q, the pull past the top bound. Re-armed
            // within trigger ÷ 10 of the top; only an armed control starts a refresh.
            guard t != endedAt, phase == .idle || phase == .pulling else { break }
            let q = scroll.bounds.min - scroll.offset
            if q <= trigger / 10 { armed = true }
            if armed && q >= trigger {
                phase = .refreshing
                armed = false
                started = t
                count += 1
                inset = height
                adjustments.contentInsetTop = inset
            } else {
                phase = q > 0 ? .pulling : .idle
            }
        case .frameWatched:
            // Step 5 of a frame with the finger up (`fingerTracked` did it with one down):
            // only the re-arming rule applies.
            guard !scroll.fingerDown, t != endedAt, phase == .idle || phase == .pulling else { break }
            if scroll.bounds.min - scroll.offset <= trigger / 10 { armed = true }
        case .dragEnded:
            if phase == .pulling { phase = .idle }
        default:
            break
        }
        return Reaction(animating: phase == .refreshing || phase == .ending,
                        watchesFrames: !armed && (phase == .idle || phase == .pulling))
    }

    public func value(of observable: Observable, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        switch observable {
        case .state: .state(states[phase.rawValue])
        case .progress: .number(progress(scroll), .number)
        case .inset: .number(inset, .points)
        case .count: .number(Double(count), .count)
        case .frame: .rect(indicator(scroll))
        }
    }

    public func frame(of view: View, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? {
        switch view {
        case .refresh: indicator(scroll)
        }
    }

    /// min(1, max(0, q) ÷ trigger) while pulling; 1 while refreshing or ending; 0 when idle.
    private func progress(_ scroll: ScrollFacts) -> Double {
        switch phase {
        case .idle: return 0
        case .pulling: return min(1, max(0, scroll.bounds.min - scroll.offset) / trigger)
        case .refreshing, .ending: return 1
        }
    }

    /// The gap above the content: x 0, y E, the screen's width, height max(0, −offset − E).
    private func indicator(_ scroll: ScrollFacts) -> Rect {
        let e = scroll.insetTop
        return Rect(x: 0, y: e, width: scroll.screenWidth, height: max(0, -scroll.offset - e))
    }
}
