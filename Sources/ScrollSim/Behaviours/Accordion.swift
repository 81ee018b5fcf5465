// The accordion of post 004 (spec §6.5): tapping a section header opens or closes its rows,
// the open fraction animating ease-in-out; `single` closes the others as one opens.
// The fractions themselves are the table's (`Adjustments.sections`): the accordion animates
// them, the layout reads them.

/// `accordion [single]`. Buffers are allocated once; a frame only walks them while
/// something animates.
public struct Accordion: BuiltInBehaviour, Equatable {
    /// Its members, by name: the declaration below lists them in this order.
    public enum Option: Int, BehaviourMember { case single }
    public enum Tunable: Int, BehaviourMember { case duration }
    public enum Note: Int, BehaviourMember { case opening, closing }

    public static let declaration = BehaviourDeclaration(
        name: "accordion", namespace: "accordion",
        configuration: .word(ConfigWord(
            "accordion",
            options: Option.allCases.map {
                switch $0 {
                case .single: ConfigOption("single", summary: "opening a section closes the others")
                }
            },
            noun: "accordion", usage: "accordion",
            summary: "tapping a section header opens/closes it; single: opening one closes the others")),
        tunables: Tunable.allCases.map {
            switch $0 {
            case .duration:
                TunableDeclaration("duration", .quantity(.seconds), default: 0.3, range: TunableRange(0, 60, lowerOpen: true),
                                   summary: "a section's open/close animation, s, ease-in-out")
            }
        },
        notes: Note.allCases.map {
            switch $0 {
            case .opening: "opening"
            case .closing: "closing"
            }
        },
        listens: .taps,
        synonyms: BehaviourSynonyms(
            fillers: "multiple multi open",
            options: [("single", "exclusive one onlyone singular unique radio")]))

    public let single: Bool
    public let duration: Double
    private var animations: [Tween]
    private var animating: [Bool]
    /// The sections animating, in the order they started (a frame walks these, not every
    /// section: a 10,000-section table animates as cheaply as a short one).
    private var running: [Int]

    public init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments) {
        single = setup.settings.has(Option.single)
        let duration = setup.tunable(Tunable.duration)
        self.duration = duration
        let open = adjustments.sections.open
        animations = open.map { Tween(from: $0 ? 1 : 0, to: $0 ? 1 : 0, start: 0, duration: duration, curve: .easeInOut) }
        animating = Array(filled: false, count: open.count)
        running = []
        running.reserveCapacity(open.count)
    }

    @inline(__always)  // into the protocol witness: the reaction is written once (Behaviour.reduce)
    public mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        switch event {
        case .sectionHeaderTapped(let i):
            guard adjustments.sections.open.indices.contains(i) else { break }
            let t = scroll.time
            let opening = !adjustments.sections.open[i]
            retarget(i, to: opening, t: t, &adjustments.sections)
            if opening && single {
                for j in adjustments.sections.open.indices where j != i && adjustments.sections.open[j] {
                    retarget(j, to: false, t: t, &adjustments.sections)
                }
            }
            return Reaction(animating: !running.isEmpty, tapNote: (opening ? Note.opening : Note.closing).index)
        case .frameTicked:
            guard !running.isEmpty else { break }
            let t = scroll.time
            // Index loops over the running list only; finished sections are dropped in place
            // (order kept). No allocation: both lists hold at most one entry per section.
            var kept = 0
            var k = 0
            while k < running.count {
                let i = running[k]
                k += 1
                adjustments.sections.changed.append(i)
                adjustments.sections.fraction[i] = animations[i].value(at: t)
                if animations[i].isFinished(at: t) {
                    adjustments.sections.fraction[i] = animations[i].to
                    animating[i] = false
                } else {
                    running[kept] = i
                    kept += 1
                }
            }
            running.removeLast(running.count - kept)
        default:
            break
        }
        return Reaction(animating: !running.isEmpty)
    }

    /// Starts section i's animation from where it is to `target`, with the full duration.
    private mutating func retarget(_ i: Int, to target: Bool, t: Double, _ sections: inout SectionOpenness) {
        sections.open[i] = target
        animations[i] = Tween(from: sections.fraction[i], to: target ? 1 : 0, start: t, duration: duration, curve: .easeInOut)
        if !animating[i] {
            animating[i] = true
            running.append(i)
        }
    }
}
