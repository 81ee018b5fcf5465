// The table header of post 000: it grows when pulled past the top (the zoom), scrolls
// away, and with `pin P` keeps its bottom P pt on screen (spec §6.3). Its parallax (001)
// and its toggle (002) are behaviours of their own, configured by options of its word.

/// `header H [pin P] [nostretch]`.
public struct StretchyHeader: BuiltInBehaviour, Equatable {
    /// Its members, by name: the declaration below lists them in this order.
    public enum Option: Int, BehaviourMember { case pin, nostretch }
    public enum Observable: Int, BehaviourMember { case y, height, bottom, scale, frame }
    public enum View: Int, BehaviourMember { case header }

    public static let declaration = BehaviourDeclaration(
        name: "header", namespace: "header",
        configuration: .word(ConfigWord(
            "header",
            argument: ConfigArgument(name: "header height", placeholder: "H", quantity: .points, range: .within(Limits.headerHeight)),
            options: Option.allCases.map {
                switch $0 {
                case .pin:
                    ConfigOption("pin", ConfigArgument(name: "pin", placeholder: "P", quantity: .points, range: .upToWordArgument),
                                 summary: "the header scrolls away but keeps its bottom P pt on screen")
                case .nostretch: ConfigOption("nostretch", summary: "the header does not grow when pulled past the top")
                }
            },
            noun: "header", usage: "header H", summary: "a table header H pt tall", example: "header 240 pin 60")),
        observables: Observable.allCases.map {
            switch $0 {
            case .y:
                ObservableDeclaration("y", .quantity(.points), summary: "the top of the header's visible frame, in screen points",
                                      prominence: 7, trace: .always)
            case .height:
                ObservableDeclaration("height", .quantity(.points), summary: "the height of the header's visible frame (it grows when pulled past the top)",
                                      prominence: 1, trace: .always, plotted: true)
            case .bottom:
                ObservableDeclaration("bottom", .quantity(.points), summary: "the bottom of the header's visible frame (header.y + header.height)",
                                      prominence: 9, trace: .always, plotted: true)
            case .scale:
                ObservableDeclaration("scale", .quantity(.number), summary: "the header's visible height / its layout height (the zoom)",
                                      prominence: 8, trace: .always)
            case .frame: ObservableDeclaration("frame", .rect, summary: "the header's visible frame (x, y, width, height); printed, not compared")
            }
        },
        views: View.allCases.map {
            switch $0 {
            case .header:
                ViewDeclaration("header", noun: "table header", layer: .content, targetable: true, exploreWeight: 2, style: .tableHeader)
            }
        },
        synonyms: BehaviourSynonyms(
            view: "tableheaderview tableheader stretchyheader",
            fillers: "stretchy stretch zoom stretchable zoomable",
            options: [("pin", "pinned sticky stuck pinheight minimum min minheight minimumheight collapsedheight collapsesto"),
                      ("nostretch", "fixed nozoom static nobounce nostretching")],
            properties: [("pinned sticky stuck pin", "$.bottom == {pin}"),
                         ("stretched zoomed scaled", "$.scale > 1"),
                         ("zoom zoomscale scalefactor stretch", "$.scale")]))

    let pin: Double?
    let stretches: Bool

    public init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments) {
        let height = setup.settings.argument ?? 0
        pin = setup.settings.option(Option.pin)
        stretches = !setup.settings.has(Option.nostretch)
        adjustments.headerHeight = height
        adjustments.bodyTop = height
        adjustments.headerPin = pin
    }

    @inline(__always)  // into the protocol witness: the reaction is written once (Behaviour.reduce)
    public mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        Reaction(animating: false)
    }

    public func value(of observable: Observable, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        let r = StretchyHeader.visibleFrame(scroll, adjustments, pin: pin, stretches: stretches)
        switch observable {
        case .y: return .number(r.y, .points)
        case .height: return .number(r.height, .points)
        case .bottom: return .number(r.y + r.height, .points)
        case .scale:
            let layoutHeight = adjustments.headerHeight
            return .number(layoutHeight > 0 ? r.height / layoutHeight : 0, .number)
        case .frame: return .rect(r)
        }
    }

    public func frame(of view: View, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? {
        switch view {
        case .header: StretchyHeader.visibleFrame(scroll, adjustments, pin: pin, stretches: stretches)
        }
    }

    /// The header's visible frame (§6.3) for its current layout height.
    static func visibleFrame(_ scroll: ScrollFacts, _ adjustments: Adjustments, pin: Double?, stretches: Bool) -> Rect {
        let f = HeaderGeometry.frame(offset: scroll.offset, topEdge: scroll.insetTop, height: adjustments.headerHeight,
                                     pin: pin, stretches: stretches)
        return Rect(x: 0, y: f.y, width: scroll.screenWidth, height: f.height)
    }
}

/// The header's visible frame rule (spec §6.3), a pure function of the scroll state.
public enum HeaderGeometry {
    /// (y, height) on screen for a header of layout height `h` resting at the top edge E.
    public static func frame(offset: Double, topEdge edge: Double, height h: Double, pin: Double?, stretches: Bool) -> (y: Double, height: Double) {
        let minOffset = -edge
        if offset < minOffset && stretches {
            return (edge, h + (minOffset - offset))
        }
        if let p = pin {
            // P ≤ H is checked against H only: a toggle height below the pin keeps the whole
            // header (P' = min(P, H)) instead of pushing it below the top edge.
            return (max(-offset, edge - (h - min(p, h))), h)
        }
        return (-offset, h)
    }
}
