import XCTest
@testable import ScrollSim

/// A built-in's members are cases of its own enums (`BehaviourMember`), and its declaration
/// lists them in the cases' order under their own names: what the language calls
/// `toolbar.hideDistance` is `Toolbar.Tunable.hideDistance` in the code, so a member read by
/// case reads the one the scenario names.
final class BuiltInMembersTests: XCTestCase {
    /// The case's name for a declared name: a view's without its behaviour's namespace
    /// (`toolbar.zone` → `zone`, `toolbar` → `toolbar`), dotted names in camel case
    /// (`image.y` → `imageY`).
    private func caseName(_ declared: String, namespace: String? = nil) -> String {
        var name = declared
        if let ns = namespace, name.hasPrefix(ns + ".") { name.removeFirst(ns.count + 1) }
        let parts = name.split(separator: ".")
        return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
            .joined()
    }

    private func names<M: BehaviourMember>(_: M.Type) -> [String] { M.allCases.map { "\($0)" } }

    private func check<B: BuiltInBehaviour>(_ type: B.Type, file: StaticString = #filePath, line: UInt = #line) {
        let d = B.declaration
        XCTAssertEqual(names(B.Observable.self), d.observables.map { caseName($0.name) }, "\(d.name) observables", file: file, line: line)
        XCTAssertEqual(names(B.Tunable.self), d.tunables.map { caseName($0.name) }, "\(d.name) tunables", file: file, line: line)
        XCTAssertEqual(names(B.View.self), d.views.map { caseName($0.name, namespace: d.namespace) }, "\(d.name) views", file: file, line: line)
        XCTAssertEqual(names(B.Option.self), d.options.map(\.word), "\(d.name) options", file: file, line: line)
        XCTAssertEqual(names(B.Note.self), d.notes, "\(d.name) notes", file: file, line: line)
        // The index the world asks with is the case's place.
        for (i, o) in B.Observable.allCases.enumerated() { XCTAssertEqual(o.index, i, file: file, line: line) }
        XCTAssertNil(B.Observable(index: d.observables.count), file: file, line: line)
        XCTAssertNil(B.View(index: d.views.count), file: file, line: line)
    }

    func testEveryBuiltInDeclaresItsMembersByCase() {
        check(StretchyHeader.self)
        check(HeaderParallax.self)
        check(HeaderToggle.self)
        check(Toolbar.self)
        check(Accordion.self)
        check(PullToRefresh.self)
        // Every registered built-in is checked above.
        XCTAssertEqual(BehaviourRegistry.builtIn.entries.map(\.declaration.name),
                       ["header", "parallax", "toggle", "toolbar", "accordion", "refresh"])
    }

    /// Spot checks written out by hand from spec §6.3/§6.4/§6.7's names.
    func testSpotChecks() {
        XCTAssertEqual(Toolbar.declaration.tunables[Toolbar.Tunable.hideDistance.index].name, "hideDistance")
        XCTAssertEqual(Toolbar.declaration.views[Toolbar.View.zone.index].name, "toolbar.zone")
        XCTAssertEqual(PullToRefresh.declaration.observables[PullToRefresh.Observable.count.index].name, "count")
        XCTAssertEqual(HeaderParallax.declaration.observables[HeaderParallax.Observable.imageY.index].name, "image.y")
        XCTAssertEqual(StretchyHeader.declaration.options[StretchyHeader.Option.nostretch.index].word, "nostretch")
        XCTAssertEqual(HeaderToggle.declaration.notes[HeaderToggle.Note.collapsing.index], "collapsing")
        XCTAssertEqual(Accordion.Observable.allCases.count, 0)
    }
}
