import ScrollSim

// The built-in behaviours' views, and what taps on them report, by name: the world's API
// is generic (views are ids from the registry); these read as the tests are written.
extension ViewID {
    static func named(_ name: String) -> ViewID { BehaviourRegistry.builtIn.view(named: name)! }
}

extension ViewFrame.Kind {
    static var header: ViewFrame.Kind { .view(.named("header")) }
    static var toolbar: ViewFrame.Kind { .view(.named("toolbar")) }
}

extension ViewFrame {
    /// A frame of `kind` named and layered as the world lists it.
    static func of(_ kind: Kind, _ rect: Rect, title: String? = nil) -> ViewFrame {
        guard case .view(let v) = kind else { return ViewFrame(kind: kind, rect: rect, title: title) }
        let d = BehaviourRegistry.builtIn.view(v)
        return ViewFrame(kind: kind, rect: rect, title: title, name: d.name, layer: d.layer, style: d.style)
    }
}

extension TapOutcome {
    static func header(expanded: Bool?) -> TapOutcome {
        .view(.named("header"), note: expanded.map { $0 ? "expanding" : "collapsing" })
    }
    static var revealZone: TapOutcome { .view(.named("toolbar.zone"), note: "showing") }
    static func sectionHeader(_ i: Int, open: Bool?) -> TapOutcome {
        .sectionHeader(i, note: open.map { $0 ? "opening" : "closing" })
    }
}
