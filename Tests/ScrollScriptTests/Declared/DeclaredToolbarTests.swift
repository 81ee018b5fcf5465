import XCTest
@testable import ScrollScript
import ScrollSim

/// Spec §9's proof: post 003's toolbar declared in the language
/// (`scenarios/declared/toolbar.scroll`) gives, frame for frame, the same offset, y and
/// state as the built-in on every shipped toolbar scenario (`tap toolbar`'s redirect,
/// `toolbar.frame` and `tap.target`'s words aside).
final class DeclaredToolbarTests: XCTestCase {
    /// One frame as the test compares it.
    struct Sample: Equatable {
        var time: Double
        var offset: Double
        var y: Double
        var state: Int
    }

    /// The scenario with the declared toolbar: `toolbar [H]` → `use bar` (and `set bar.height
    /// H`), `toolbar.NAME` → `bar.NAME`, `tap toolbar` → a tap at the middle of the bottom H pt
    /// (the bar, or its zone while it is off screen there); lines reading `tap.target` or a
    /// frame are left out (their words differ, as spec §9 allows).
    static func declaredVersion(of text: String) -> String {
        var out = ["import \"declared/toolbar.scroll\""]
        var screenHeight = 667.0, height = 44.0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let indent = String(line.prefix(while: { $0 == " " }))
            if trimmed.hasPrefix("screen ") {
                let parts = trimmed.split(separator: " ")
                if let h = parts.last.flatMap({ Double($0) }) { screenHeight = h }
            }
            if trimmed == "toolbar" || trimmed.hasPrefix("toolbar ") && Double(trimmed.dropFirst(8).split(separator: " ").first ?? "") != nil {
                let h = Double(trimmed.dropFirst(8).split(separator: " ").first ?? "") ?? 44
                height = h
                out.append(indent + "use bar")
                out.append(indent + "set bar.height \(h)")  // a scenario's `toolbar` overrides a scene's `toolbar 60`
                continue
            }
            if trimmed.contains("tap.target") || trimmed.contains("toolbar.frame") { continue }
            var l = line.replacingOccurrences(of: "tap toolbar", with: "tap 187.5 \(screenHeight - height / 2)")
            l = l.replacingOccurrences(of: "toolbar.", with: "bar.")
            out.append(l)
        }
        return out.joined(separator: "\n")
    }

    /// Every frame of `scenario`: time, offset, and the toolbar's y and state (`name`: the
    /// behaviour, `y`/`state`: its observables' numbers).
    static func frames(_ scenario: CheckedScenario, behaviour name: String, y: Int, state: Int) -> (samples: [Sample], failed: Bool) {
        let registry = scenario.config.registry
        guard let id = registry.ids.first(where: { registry.declaration($0).name == name }) else { return ([], true) }
        let interp = Interpreter(scenario)
        var samples: [Sample] = []
        func sample(_ w: World) {
            guard w.has(id) else { return }
            guard case .number(let yv, _) = w.value(ObservableID.behaviour(id, y)),
                  case .state(let s) = w.value(ObservableID.behaviour(id, state)) else { return }
            samples.append(Sample(time: w.time, offset: w.offset, y: yv, state: s.index))
        }
        sample(interp.world)
        interp.observer = { w, _ in
            sample(w)
            return false
        }
        _ = interp.run()
        return (samples, interp.failure != nil)
    }

    static let toolbarFiles = ["003-safari-toolbar", "010-header-sections-toolbar", "011-accordion-toolbar", "033-toolbar",
                               "035-hit-testing", "038-scene-override", "040-frame-order", "042-tap-stops-motion",
                               "045-swipe-taps-bounds", "050-explore-zoomable-header", "053-explore-safari-toolbar"]

    func testTheDeclaredToolbarMatchesTheBuiltInFrameForFrame() throws {
        var compared = 0, frames = 0
        for name in Self.toolbarFiles {
            let url = TestPaths.packageRoot.appendingPathComponent("scenarios/\(name).scroll")
            let text = try String(contentsOf: url, encoding: .utf8)
            let builtIn = checkSource(SourceFile(name: url.path, text: text))
            XCTAssertEqual(builtIn.diagnostics.map(\.message), [], name)
            let declaredText = Self.declaredVersion(of: text)
            let declared = checkSource(SourceFile(name: url.path, text: declaredText))
            XCTAssertEqual(declared.diagnostics.map(\.message), [], name)
            XCTAssertEqual(builtIn.scenarios.count, declared.scenarios.count, name)
            for (a, b) in zip(builtIn.scenarios, declared.scenarios) {
                // The toolbar's observables: y is 0 and state 2 in the built-in's declaration;
                // the declared one's var y is 0 and its state comes after its one var.
                let ours = Self.frames(a, behaviour: "toolbar", y: 0, state: 2)
                guard !ours.samples.isEmpty else { continue }   // a scenario without a toolbar
                let theirs = Self.frames(b, behaviour: "bar", y: 0, state: 1)
                XCTAssertEqual(ours.failed, theirs.failed, "\(name): \(a.name)")
                XCTAssertEqual(ours.samples.count, theirs.samples.count, "\(name): \(a.name)")
                if let k = zip(ours.samples, theirs.samples).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                    XCTFail("\(name): \(a.name): frame \(k) differs: built-in \(ours.samples[k]), declared \(theirs.samples[k])")
                }
                compared += 1
                frames += ours.samples.count
            }
        }
        // Every toolbar scenario was compared (none skipped by a check error), over many frames.
        // (29 scenarios of the eleven files have a toolbar; 2,056 frames when this was written.)
        XCTAssertEqual(compared, 29)
        XCTAssertGreaterThan(frames, 2000)
    }

    /// The comparison can fail: a declared toolbar that hides past 30 pt instead of 22 differs.
    func testAToolbarThatHidesLaterIsFoundDifferent() throws {
        let text = """
        scenario "x" {
          toolbar
          drag -26 in 0.5s
          release
          settle
        }
        """
        let builtIn = checkSource(SourceFile(name: TestPaths.packageRoot.path + "/scenarios/x.scroll", text: text))
        let declared = checkSource(SourceFile(name: TestPaths.packageRoot.path + "/scenarios/x.scroll",
                                              text: Self.declaredVersion(of: text).replacingOccurrences(of: "use bar", with: "use bar\nset bar.hideDistance 30")))
        XCTAssertEqual(declared.diagnostics.map(\.message), [])
        let a = Self.frames(try XCTUnwrap(builtIn.scenarios.first), behaviour: "toolbar", y: 0, state: 2)
        let b = Self.frames(try XCTUnwrap(declared.scenarios.first), behaviour: "bar", y: 0, state: 1)
        XCTAssertNotEqual(a.samples, b.samples)
    }
}
