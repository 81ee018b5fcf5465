import ScrollSim

// What the tests of both test targets write: the built-in behaviours' configuration, names,
// views and tap outcomes in the words the tests were written in. The world's API is
// generic (settings declared by word, ids from the registry); these spell it for the
// built-ins. Test support only: nothing in Sources/ uses it.

// The built-in behaviours' views and what taps on them report, by name (the world's API
// is generic: views are ids from the registry).
extension ViewID {
    public static func named(_ name: String) -> ViewID { BehaviourRegistry.builtIn.view(named: name)! }
}

extension TapTarget {
    public static var header: TapTarget { .view(.named("header")) }
    public static var toolbar: TapTarget { .view(.named("toolbar")) }
}

extension TapOutcome {
    /// The table header; `expanded` is the toggle's new target, nil when it does not toggle.
    public static func header(expanded: Bool?) -> TapOutcome {
        .view(.named("header"), note: expanded.map { $0 ? "expanding" : "collapsing" })
    }
    /// The toolbar; `shows`: it started showing the toolbar (it was hiding).
    public static func toolbar(shows: Bool) -> TapOutcome { .view(.named("toolbar"), note: shows ? "showing" : nil) }
    /// The reveal zone: shows the toolbar.
    public static var revealZone: TapOutcome { .view(.named("toolbar.zone"), note: "showing") }
    /// Section I's header; `open` is the section's new target state, nil without accordion.
    public static func sectionHeader(_ i: Int, open: Bool?) -> TapOutcome {
        .sectionHeader(i, note: open.map { $0 ? "opening" : "closing" })
    }
}

extension SimError {
    public static var noToolbar: SimError { .viewNotDeclared(noun: "toolbar", word: "toolbar") }
    public static var noHeader: SimError { .viewNotDeclared(noun: "table header", word: "header") }
    public static var headerOffScreen: SimError { .viewOffScreen(noun: "table header") }
}

// The built-in behaviours' configuration and names as the tests write them (the world's
// configuration is generic: each behaviour's settings, declared by its word).

/// `header H [pin P] [parallax F] [toggle H2] [nostretch]`.
public struct HeaderConfig: Equatable {
    public var height: Double
    public var pin: Double?
    public var parallax: Double?
    public var toggle: Double?
    public var stretches = true

    public init(height: Double, pin: Double? = nil, parallax: Double? = nil, toggle: Double? = nil, stretches: Bool = true) {
        self.height = height
        self.pin = pin
        self.parallax = parallax
        self.toggle = toggle
        self.stretches = stretches
    }
}

public enum AccordionMode { case off, multiple, single }

extension SceneConfig {
    private func id(_ name: String) -> BehaviourID { registry.ids.first { registry.declaration($0).name == name }! }

    /// Undeclares the built-in behaviour `name` and those that add options to its word
    /// (the header's parallax and toggle): none of them is in the scene any more.
    private mutating func undeclare(_ name: String) {
        let owner = id(name)
        for b in registry.ids where b == owner || registry.host(of: b) == owner { behaviours[b.index] = nil }
    }

    public var header: HeaderConfig? {
        get {
            guard let h = settings(id("header")) else { return nil }
            return HeaderConfig(height: h.argument ?? 0, pin: h.option(0), parallax: settings(id("parallax"))?.option(0),
                                toggle: settings(id("toggle"))?.option(0), stretches: !h.has(1))
        }
        set {
            guard let h = newValue else { undeclare("header"); return }
            var options: [(String, Double)] = []
            if let p = h.pin { options.append(("pin", p)) }
            if let f = h.parallax { options.append(("parallax", f)) }
            if let t = h.toggle { options.append(("toggle", t)) }
            if !h.stretches { options.append(("nostretch", 1)) }
            declare("header", h.height, options: options)
        }
    }

    public var toolbarHeight: Double? {
        get { settings(id("toolbar"))?.argument }
        set { if let h = newValue { declare("toolbar", h) } else { undeclare("toolbar") } }
    }

    public var accordion: AccordionMode {
        get {
            guard let a = settings(id("accordion")) else { return .off }
            return a.has(0) ? .single : .multiple
        }
        set {
            switch newValue {
            case .off: undeclare("accordion")
            case .multiple: declare("accordion")
            case .single: declare("accordion", options: [("single", 1)])
            }
        }
    }
}

extension ObservableID {
    public static func named(_ name: String) -> ObservableID { BehaviourRegistry.builtIn.plainObservable(named: name)! }
    public static var headerY: ObservableID { named("header.y") }
    public static var headerHeight: ObservableID { named("header.height") }
    public static var headerBottom: ObservableID { named("header.bottom") }
    public static var headerScale: ObservableID { named("header.scale") }
    public static var headerFrame: ObservableID { named("header.frame") }
    public static var headerImageY: ObservableID { named("header.image.y") }
    public static var headerImageHeight: ObservableID { named("header.image.height") }
    public static var headerExpanded: ObservableID { named("header.expanded") }
    public static var toolbarY: ObservableID { named("toolbar.y") }
    public static var toolbarHeight: ObservableID { named("toolbar.height") }
    public static var toolbarState: ObservableID { named("toolbar.state") }
    public static var toolbarFrame: ObservableID { named("toolbar.frame") }
}

extension TunableID {
    public static func named(_ name: String) -> TunableID { BehaviourRegistry.builtIn.tunable(named: name)! }
    public static var headerDuration: TunableID { named("header.duration") }
    public static var headerBodyFollows: TunableID { named("header.bodyFollows") }
    public static var toolbarDuration: TunableID { named("toolbar.duration") }
    public static var toolbarShowVelocity: TunableID { named("toolbar.showVelocity") }
    public static var toolbarHideDistance: TunableID { named("toolbar.hideDistance") }
    public static var accordionDuration: TunableID { named("accordion.duration") }
}

extension ViewFrame.Kind {
    public static var header: ViewFrame.Kind { .view(.named("header")) }
    public static var toolbar: ViewFrame.Kind { .view(.named("toolbar")) }
}

extension ViewFrame {
    /// A frame of `kind` named and layered as the world lists it.
    public static func of(_ kind: Kind, _ rect: Rect, title: String? = nil) -> ViewFrame {
        guard case .view(let v) = kind else { return ViewFrame(kind: kind, rect: rect, title: title) }
        let d = BehaviourRegistry.builtIn.view(v)
        return ViewFrame(kind: kind, rect: rect, title: title, name: d.name, layer: d.layer, style: d.style)
    }
}

extension StateFamily {
    /// `toolbar.state`'s family.
    public static var toolbar: StateFamily {
        BehaviourRegistry.builtIn.stateFamilies.first { $0.observable == "toolbar.state" }!
    }
}

extension StateID {
    public static var idle: StateID { StateFamily.phase.state(named: "idle")! }
    public static var dragging: StateID { StateFamily.phase.state(named: "dragging")! }
    public static var decelerating: StateID { StateFamily.phase.state(named: "decelerating")! }
    public static var bouncing: StateID { StateFamily.phase.state(named: "bouncing")! }
    public static var shown: StateID { StateFamily.toolbar.state(named: "shown")! }
    public static var hidden: StateID { StateFamily.toolbar.state(named: "hidden")! }
    public static var showing: StateID { StateFamily.toolbar.state(named: "showing")! }
    public static var hiding: StateID { StateFamily.toolbar.state(named: "hiding")! }
}

extension ObservableID {
    /// A plain observable of `registry` by name.
    public static func named(_ name: String, in registry: BehaviourRegistry) -> ObservableID {
        registry.plainObservable(named: name)!
    }
}
