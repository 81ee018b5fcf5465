// A registered `ScrollBehaviour` type: its declaration as the registry knows every
// behaviour's (`BehaviourDeclaration`), and its readers and factory with the type erased, so
// that the adapter (UserBehaviourAdapter.swift) is one concrete type for every user behaviour.

/// One user behaviour type, checked and erased. Shared by every instance (immutable).
package final class UserBehaviourType: @unchecked Sendable {
    package let name: String
    /// The Swift type's name, for messages (`Fade`).
    package let typeName: String
    package let declaration: BehaviourDeclaration
    package let make: (ScrollScene) -> any ScrollBehaviour
    package let observables: [ObservableReader]
    /// What must be finite (spec §8), checked when the world asks (`World.checkValues`, at
    /// each statement's end) and, while it locates a bad value, after every call that ran
    /// its code: its numbers and rects, in declaration order (`FiniteChecks.chain`);
    /// `checksValues`: it has any.
    /// Not optional: a closure kept in an optional is called through two reabstraction
    /// thunks.
    package let finiteCheck: (AnyObject) -> BehaviourFault?
    package let checksValues: Bool
    package let views: [ViewReader]
    package let tunableNames: [String]
    package let notes: [String]
    /// The spec's parts, kept for `check(against:)`.
    private let stateLists: [[String]]
    private let defaults: [(name: String, value: Double, range: TunableRange)]

    private init<B: ScrollBehaviour>(_ type: B.Type) {
        let spec = B.declaration
        name = spec.name
        typeName = String(describing: type)
        make = { B($0) }
        observables = spec.observables.map { $0.read }
        (finiteCheck, checksValues) = FiniteChecks.chain(observables: observables)
        views = spec.views.map { $0.reader }
        tunableNames = spec.tunables.map { $0.name }
        notes = spec.tapNotes
        stateLists = spec.observables.compactMap { $0.states }
        defaults = spec.tunables.map { ($0.name, $0.defaultValue, $0.range) }
        declaration = BehaviourDeclaration(
            name: spec.name, namespace: spec.name,
            configuration: .use(noun: spec.noun, summary: spec.summary),
            tunables: spec.tunables.map {
                TunableDeclaration($0.name, $0.kind, default: $0.defaultValue, range: $0.range, summary: $0.summary,
                                   namedValues: $0.kind == .bool ? [("true", 1), ("false", 0)] : [])
            },
            observables: spec.observables.map {
                ObservableDeclaration($0.name, $0.kind, summary: $0.summary, prominence: $0.prominence,
                                      trace: $0.traced ? .always : .never, plotted: $0.plotted)
            },
            states: spec.observables.lazy.compactMap { $0.states }.first ?? [],
            views: spec.views.map {
                ViewDeclaration($0.name, label: $0.label, layer: $0.layer, listed: $0.listed, takesTaps: $0.takesTaps,
                                targetable: $0.targetable, targetNeedsVisiblePart: $0.targetNeedsVisiblePart,
                                exploreWeight: $0.exploreWeight, style: $0.style)
            },
            notes: spec.tapNotes,
            listens: [.dragBegan, .decelerationEnded, .scrolled, .flingTargetChosen, .dragEnded, .taps])
    }

    /// `type` checked for what can be checked without the registry, and erased.
    package static func make(_ type: any ScrollBehaviour.Type) throws -> UserBehaviourType {
        func open<B: ScrollBehaviour>(_ t: B.Type) -> UserBehaviourType { UserBehaviourType(t) }
        return open(type)
    }

    /// Its registry entry: a fresh adapter (and instance) per world.
    var entry: BehaviourEntry {
        BehaviourEntry(declaration: declaration) { setup, _ in UserBehaviourAdapter(self, setup) }
    }

    /// Every rule of a declaration; the first broken one is thrown.
    package func check(against reserved: UserBehaviourNames) throws {
        typealias P = BehaviourRegistrationProblem
        guard UserBehaviourNames.isWord(name) else { throw P.badName(type: typeName, name: name) }
        if let what = reserved.use(of: name) { throw P.clashesWithBuiltIn(type: typeName, name: name, what: what) }
        let d = declaration
        func unique(_ names: [String], _ what: String, dotted: Bool = true) throws {
            var seen = Set<String>()
            for n in names {
                let ok = dotted ? UserBehaviourNames.isDottedWord(n) : UserBehaviourNames.isWord(n)
                guard ok else { throw P.badMemberName(behaviour: name, what: what, name: n) }
                guard seen.insert(n).inserted else { throw P.sameMemberName(behaviour: name, what: what, name: n) }
            }
        }
        try unique(d.tunables.map { $0.name }, "tunable")
        try unique(d.observables.map { $0.name }, "observable")
        // An observable and a tunable are read by the same name: one of each may not share it.
        if let both = d.observables.first(where: { o in d.tunables.contains { $0.name == o.name } }) {
            throw P.sameMemberName(behaviour: name, what: "observable and tunable", name: both.name)
        }
        try unique(d.views.map { $0.name }, "view")
        if let v = d.views.first(where: { $0.name != name && !$0.name.hasPrefix(name + ".") }) {
            throw P.viewOutsideNamespace(behaviour: name, view: v.name)
        }
        try unique(d.views.map { String($0.name.dropFirst(name.count + 1)) }.filter { !$0.isEmpty }, "view")
        if stateLists.contains(where: { $0 != stateLists[0] }) { throw P.twoStateFamilies(behaviour: name) }
        try unique(d.states, "state", dotted: false)
        if let s = d.states.first(where: { s in GrammarWord.allCases.contains { $0 != .other && $0.spelling == s } }) {
            throw P.badMemberName(behaviour: name, what: "state (a word of the language)", name: s)
        }
        try unique(notes, "tap note", dotted: false)
        for t in defaults {
            let r = t.range
            guard r.lower.isFinite, r.upper.isFinite, r.lower <= r.upper, r.contains(t.value) else {
                throw P.badTunableRange(behaviour: name, tunable: t.name)
            }
        }
    }
}

/// What a user behaviour reports that must be finite, checked at the end of each statement
/// (spec §8: a number that is not finite fails the scenario at the statement during which
/// it became so, whether or not anything reads it; `World.checkValues` replays to the call
/// that made it so).
package enum FiniteChecks {
    /// The checks of `observables` as one closure: each link checks two values (the readers
    /// kept as `ObservableReader`s, whose closures need no reabstraction thunk) and calls the
    /// next, the last one none (no closure kept optional: an optional one is copied, and
    /// retained, to be called), and whether there is anything to check. A view's frame given by a closure is checked where the tool reads it (taps,
    /// `frames`, `trace`, pictures): it is not an observable, and reading every view after
    /// every call would cost a behaviour that moves several of them more than its calls.
    package static func chain(observables: [ObservableReader]) -> (check: (AnyObject) -> BehaviourFault?, any: Bool) {
        // The numbers and rects, each with its place among the observables.
        var checked: [(reader: ObservableReader, k: Int)] = []
        for (k, reader) in observables.enumerated() {
            switch reader {
            case .number, .rect: checked.append((reader, k))
            case .bool, .string, .state: break
            }
        }
        guard !checked.isEmpty else { return ({ _ in nil }, false) }
        // Links of two readers each, the last one calling none after it: a behaviour with
        // one or two of them costs one closure call and their readers (callgrind: a link
        // per reader and an empty one at the end cost the port 22 instructions a frame more).
        var next: ((AnyObject) -> BehaviourFault?)?
        var i = checked.count
        while i > 0 {
            let second = checked[i - 1]
            let first: (reader: ObservableReader, k: Int)? = i >= 2 ? checked[i - 2] : nil
            i -= first == nil ? 1 : 2
            switch (first, next) {
            case (nil, nil):
                next = { o in check(second.reader, second.k, o) }
            case (nil, let after?):
                next = { o in check(second.reader, second.k, o) ?? after(o) }
            case (let first?, nil):
                next = { o in check(first.reader, first.k, o) ?? check(second.reader, second.k, o) }
            case (let first?, let after?):
                next = { o in check(first.reader, first.k, o) ?? check(second.reader, second.k, o) ?? after(o) }
            }
        }
        guard let all = next else { return ({ _ in nil }, false) }
        return (all, true)
    }

    /// Observable `k`'s value if it is a number or rect that is not finite.
    @inline(__always)
    package static func check(_ reader: ObservableReader, _ k: Int, _ o: AnyObject) -> BehaviourFault? {
        switch reader {
        case .number(let read):
            let x = read(o)
            return x.isFinite ? nil : .valueNotFinite(observable: k, x)
        case .rect(let read):
            guard let x = nonFinite(read(o)) else { return nil }
            return .valueNotFinite(observable: k, x)
        case .bool, .string, .state:
            return nil
        }
    }

    /// A number of `r` that is not finite.
    @inline(__always)
    package static func nonFinite(_ r: CGRect) -> Double? {
        let a = Double(r.origin.x), b = Double(r.origin.y), c = Double(r.size.width), d = Double(r.size.height)
        // One test for the usual case: a sum of finite numbers is finite or overflows to ±∞
        // (then each is looked at).
        if (a + b + c + d).isFinite { return nil }
        for x in [a, b, c, d] where !x.isFinite { return x }
        return nil
    }
}
