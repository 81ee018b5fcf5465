import XCTest
@testable import ScrollScript
import ScrollSimTestSupport
import ScrollSim

/// `explore` (spec §7, v1.3): the generator only draws actions the interpreter accepts;
/// planted bugs are found and shrunk to their minimal sequences; the shipped properties
/// hold; the output depends on the seed only, never on the number of jobs.
final class ExploreTests: XCTestCase {
    static let root = TestPaths.packageRoot
    static let planted = root.appendingPathComponent("Tests/scrollscriptTests/Scenarios/explore")

    func source(_ url: URL) throws -> SourceFile {
        SourceFile(name: url.path, bytes: [UInt8](try Data(contentsOf: url)))
    }

    func property(_ text: String) throws -> ExploreProperty {
        let r = checkSource(SourceFile(name: "p.scroll", text: text))
        XCTAssertEqual(r.diagnostics, [])
        return ExploreProperty(try XCTUnwrap(r.scenarios.first))
    }

    func options(seed: UInt64, runs: Int = 200, jobs: Int = 1) -> ExploreOptions {
        var o = ExploreOptions()
        o.seed = seed
        o.runs = runs
        o.jobs = jobs
        return o
    }

    // MARK: - The generator

    /// SplitMix64 as published (Steele, Lea, Flood 2014; Vigna's splitmix64.c): from state
    /// 0 the first outputs are 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F
    /// (computed with the reference C algorithm in Python, not with this code).
    func testSplitMix64MatchesTheReference() {
        var g = SplitMix64(seed: 0)
        XCTAssertEqual(g.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(g.next(), 0x6E78_9E6A_A1B9_65F4)
        XCTAssertEqual(g.next(), 0x06C4_5D18_8009_454F)
        XCTAssertNotEqual(SplitMix64.runSeed(1, 0), SplitMix64.runSeed(1, 1))
        XCTAssertNotEqual(SplitMix64.runSeed(1, 0), SplitMix64.runSeed(2, 0))
        var r = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            let n = r.int(-3, 3)
            XCTAssertTrue((-3...3).contains(n))
        }
    }

    /// Scenes that cover every kind of action: header (toggle, pin), untitled and titled
    /// sections, accordion, toolbar, a small screen, another fps, bouncy springs.
    static let scenes: [String] = [
        "header 240 pin 60\nsections 5 rows 8\ntoolbar\n",
        "header 50 toggle 100\nsection \"Items\" rows 20\nset header.bodyFollows false\n",
        "section \"a\" rows 3\nsection \"b\" rows 2 closed\nsection rows 4\nsection \"c\" rows 1 closed\naccordion single\ntoolbar 60\n",
        "screen 320 x 200\nfps 30\nheader 100 parallax 0.5 nostretch\nsections 40 rows 2\naccordion\n",
        "toolbar\nset bounce.damping 0.3\nset deceleration fast\nsections 2 rows 1\n",
        "fps 120\nheader 80 pin 80 toggle 40\nsections 3 rows 30\ntoolbar\naccordion\n",
    ]

    /// Many generated runs with no invariant at all: the interpreter refuses none of the
    /// generator's actions, and every drawn action also passes the checker (the written
    /// counterexample must check).
    func testGeneratedActionsAreNeverRefused() throws {
        var kinds = Set<String>()
        for (n, scene) in Self.scenes.enumerated() {
            let p = try property(scene)
            XCTAssertTrue(p.invariants.isEmpty)
            let engine = ExploreEngine(property: p)
            let generator = ExploreGenerator(config: p.config)
            for i in 0..<150 {
                var rng = SplitMix64(seed: SplitMix64.runSeed(UInt64(n + 1), i))
                let o = engine.generatedRun(&rng, generator: generator, steps: 20, maxFrames: 120 * p.config.fps)
                XCTAssertNil(o.refused, "scene \(n) run \(i): \(o.refused?.message ?? "") after \(o.actions.map { $0.text })")
                XCTAssertNil(o.violation)
                XCTAssertGreaterThan(o.actions.count, 0)
                let text = scene + o.actions.map { $0.text }.joined(separator: "\n") + "\n"
                let checked = checkSource(SourceFile(name: "g.scroll", text: text))
                XCTAssertEqual(checked.diagnostics, [], text)
                // The same text through `run` goes through as well.
                if i % 25 == 0, let sc = checked.scenarios.first {
                    XCTAssertNil(runScenario(sc).failure, text)
                }
                for a in o.actions { kinds.insert(String(a.text.split(separator: " ").prefix(2).joined(separator: " "))) }
            }
        }
        // Every kind of action was drawn somewhere.
        for k in ["pull", "drag", "fling", "swipe", "release", "tap header", "tap row", "tap toolbar", "wait", "tick", "settle"] {
            XCTAssertTrue(kinds.contains { $0 == k || $0.hasPrefix(k + " ") || $0.hasPrefix(k) }, k)
        }
        XCTAssertTrue(kinds.contains { $0.hasPrefix("tap ") && Int($0.dropFirst(4)) != nil }, "tap X Y")
    }

    /// A tap header I is drawn only for a section whose header is on screen; release only
    /// with a finger down; no tap or settle with one down.
    func testGeneratorRespectsTheState() throws {
        let p = try property("sections 30 rows 10\naccordion\ntoolbar\n")
        let g = ExploreGenerator(config: p.config)
        var world = World(p.config)
        // Scroll far down: sections 0 and 1 are off screen (section i at 468*i; offset 2000).
        _ = world.beginDrag(-2000, duration: 0.1)
        for _ in 0..<6 { world.step() }
        var rng = SplitMix64(seed: 3)
        var releases = 0
        for _ in 0..<2000 {
            let a = g.next(&rng, world: world)
            switch a {
            case .tapView, .tapSection, .tapRow, .tapPoint, .settle:
                XCTFail("\(a.text) with a finger down")
            case .release: releases += 1
            default: break
            }
        }
        // release has weight 5 of 13 with a finger down: about 769 of 2000.
        XCTAssertGreaterThan(releases, 600)
        try world.release()
        while !World.isAtRest(&world) { world.step() }
        let visible = g.visibleTitledSections(world)
        XCTAssertFalse(visible.contains(0))
        XCTAssertFalse(visible.isEmpty)
        // Rows on screen at offset 2000 (the drag's 2000 pt, inside the bounds): section i
        // starts at 468·i, its rows 44 pt from 468·i + 28; the screen shows content 2000
        // to 2667: section 4 (1872 ... 2340) from row 2 (1988 ... 2032; row 1 ends at
        // 1988), section 5 to row 6 (2368 + 6·44 = 2632 ... 2676; row 7 starts at 2676).
        let rows = g.visibleRows(world)
        XCTAssertEqual(rows.map { [$0.section, $0.row] }, (2...9).map { [4, $0] } + (0...6).map { [5, $0] })
        var rowTaps = 0
        for _ in 0..<2000 {
            let a = g.next(&rng, world: world)
            if case .release = a { XCTFail("release with no finger") }
            if case .tapSection(let i) = a { XCTAssertTrue(visible.contains(i), "tap header \(i)") }
            if case .tapView("header") = a { XCTFail("tap header without a header") }
            if case .tapRow(let i, let j) = a {
                rowTaps += 1
                XCTAssertTrue(rows.contains { $0.section == i && $0.row == j }, "tap row \(i) \(j)")
            }
        }
        XCTAssertGreaterThan(rowTaps, 50)
        // A closed section's rows have no visible part: never tapped.
        let closed = try property("section \"a\" rows 5 closed\nsection \"b\" rows 3\naccordion\n")
        let cg = ExploreGenerator(config: closed.config)
        XCTAssertEqual(cg.visibleRows(World(closed.config)).map { [$0.section, $0.row] }, [[1, 0], [1, 1], [1, 2]])
    }

    // MARK: - Shrinking

    func testSmallerMagnitudes() {
        // 347 toward 1: 1, 300 (100s), 340 (10s), 173 (half), 346 (minus one).
        XCTAssertEqual(smallerMagnitudes(347, least: 1), [1, 300, 340, 173, 346])
        // -2500 toward 0: 0, the positive 2500, -2000, -1250, -2499 (-2500 rounds to itself at 100s and 10s).
        XCTAssertEqual(smallerMagnitudes(-2500, least: 0), [0, 2500, -2000, -1250, -2499])
        XCTAssertEqual(smallerMagnitudes(1, least: 1), [])
        XCTAssertEqual(smallerMagnitudes(2, least: 1), [1])
        XCTAssertEqual(smallerMagnitudes(0, least: 0), [])
    }

    func testShrinkCandidates() throws {
        // Titled sections 0, 2, 3 (section 1 is untitled: no header to tap).
        let p = try property("section \"a\" rows 1\nsection rows 1\nsection \"b\" rows 1\nsection \"c\" rows 1\nexpect always offset < 100000\n")
        let engine = ExploreEngine(property: p)
        let failure = RunFailure(location: p.invariants[0].location, problem: .invariantBroken(time: 1.0 / 60), time: 1.0 / 60)
        let s = ExploreShrinker(engine: engine, key: ViolationKey(failure), maxAttempts: 10)
        // 3 → targets 0, 1 (half), 2 (3 − 1) → titled at or below: 0, 0, 2.
        XCTAssertEqual(s.candidates(.tapSection(3)), [.tapSection(0), .tapSection(2)])
        XCTAssertEqual(s.candidates(.tapSection(0)), [])
        // wait 0.5 s = 30 frames at 60 fps: one frame, its 30 frames, then 0, 0.25 s, 0.49 s.
        XCTAssertEqual(s.candidates(.wait(50)), [.tick(1), .tick(30), .wait(0), .wait(25), .wait(49)])
        // No header and no toolbar here: a point becomes a titled section first.
        XCTAssertEqual(Array(s.candidates(.tapPoint(10, 20)).prefix(4)), [.tapSection(0), .tapSection(2), .tapSection(3), .tapPoint(0, 20)])
        XCTAssertEqual(s.candidates(.drag(-120, hundredths: 30)).prefix(3), [.tick(1), .drag(-120, hundredths: nil), .drag(0, hundredths: 30)])
        XCTAssertEqual(s.candidates(.release), [])
        XCTAssertEqual(s.candidates(.tick(1)), [])
        // A swipe: one frame, the drag of the same move (no momentum), without `in`, then
        // smaller moves (0, the positive 90, -45, -89) and shorter times.
        XCTAssertEqual(s.candidates(.swipe(-90, hundredths: 2)), [.tick(1), .drag(-90, hundredths: 2), .swipe(-90, hundredths: nil),
                                                                  .swipe(0, hundredths: 2), .swipe(90, hundredths: 2), .swipe(-45, hundredths: 2),
                                                                  .swipe(-89, hundredths: 2), .swipe(-90, hundredths: 1)])
        // A row tap: lower rows of its section, then the row in lower sections.
        XCTAssertEqual(s.candidates(.tapRow(2, 3)), [.tapRow(2, 0), .tapRow(2, 1), .tapRow(2, 2), .tapRow(0, 3), .tapRow(1, 3)])
        XCTAssertEqual(s.candidates(.tapRow(0, 0)), [])
        XCTAssertEqual(ViolationKey(failure), ViolationKey(RunFailure(location: failure.location, problem: .invariantBroken(time: 2), time: 2)))
    }

    func testActionText() {
        XCTAssertEqual(ExploreAction.wait(25).text, "wait 0.25s")
        XCTAssertEqual(ExploreAction.wait(100).text, "wait 1s")
        XCTAssertEqual(ExploreAction.wait(150).text, "wait 1.5s")
        XCTAssertEqual(ExploreAction.wait(5).text, "wait 0.05s")
        XCTAssertEqual(ExploreAction.drag(-120, hundredths: 7).text, "drag -120 in 0.07s")
        XCTAssertEqual(ExploreAction.tick(1).text, "tick")
        XCTAssertEqual(ExploreAction.tick(4).text, "tick 4")
        XCTAssertEqual(ExploreAction.tapSection(2).text, "tap header 2")
        XCTAssertEqual(ExploreAction.tapPoint(10, 600).text, "tap 10 600")
        XCTAssertEqual(ExploreAction.swipe(-84, hundredths: 1).text, "swipe -84 in 0.01s")
        XCTAssertEqual(ExploreAction.swipe(300, hundredths: nil).text, "swipe 300")
        XCTAssertEqual(ExploreAction.tapRow(3, 7).text, "tap row 3 7")
    }

    /// A bug only a swipe reaches: coasting faster than the fastest fling explore draws
    /// (5,000 pt/s). A swipe of one frame lifts at D·60 pt/s: 84 pt gives 5,040 (83 gives
    /// 4,980), and the deceleration starts from it. Found for several seeds and shrunk to
    /// that one swipe; the fastest fling and a drag of the same move then a release do not
    /// break it (so the swipe is needed, not only drawn).
    func testPlantedSwipeOnlyBugFoundAndShrunkToOneSwipe() throws {
        let url = Self.planted.appendingPathComponent("planted-swipe-faster-than-any-fling.scroll")
        let src = try source(url)
        for seed: UInt64 in [1, 2, 3, 4, 5, 17] {
            let r = exploreFile(src, scenario: nil, options: options(seed: seed))
            XCTAssertEqual(r.exitStatus, 1, "seed \(seed): \(r.messages)")
            let ce = try XCTUnwrap(r.counterexample)
            XCTAssertEqual(ce.actions, [.swipe(-84, hundredths: 1)], "seed \(seed): \(ce.actions.map { $0.text })")
            XCTAssertEqual(ce.failure.message, "invariant broken at t = 0.017 s")
            XCTAssertTrue(try XCTUnwrap(r.scenarioText).hasSuffix("  swipe -84 in 0.01s\n}\n"))
        }
        let scene = "sections 20 rows 20\nexpect always phase != decelerating or velocity <= 5000\n"
        for holds in ["fling -5000\nsettle", "drag -84 in 0.01s\nrelease\nsettle", "swipe -83 in 0.01s\nsettle",
                      // Pulled 525 pt past the top (b(4500)), released at 5,000 pt/s toward it:
                      // the spring (2000, ζ 2.8) slows it from the start (2000·525 < 250·5000).
                      "drag 5000\nfling -5000\nsettle"] {
            let sc = try XCTUnwrap(checkSource(SourceFile(name: "h.scroll", text: scene + holds)).scenarios.first)
            XCTAssertNil(runScenario(sc).failure, holds)
        }
        let sc = try XCTUnwrap(checkSource(SourceFile(name: "b.scroll", text: scene + "swipe -84 in 0.01s")).scenarios.first)
        XCTAssertEqual(runScenario(sc).failure?.message, "invariant broken at t = 0.017 s")
    }

    /// Post 002's first version: found within the default 200 runs for several seeds and
    /// shrunk to the minimal sequence, `tap header` then one frame (nothing moves the
    /// header's height but a tap; the invariant is checked only after a frame).
    func testPlantedBodyLagFoundAndShrunkToTapHeaderAndOneFrame() throws {
        let src = try source(Self.planted.appendingPathComponent("planted-002-body-lags.scroll"))
        for seed: UInt64 in [1, 2, 3, 4, 5, 17] {
            let r = exploreFile(src, scenario: nil, options: options(seed: seed))
            XCTAssertEqual(r.exitStatus, 1, "seed \(seed): \(r.messages)")
            let ce = try XCTUnwrap(r.counterexample)
            XCTAssertEqual(ce.actions, [.tapView("header"), .tick(1)], "seed \(seed)")
            XCTAssertLessThan(ce.runIndex, 200)
            // At 60 fps the first frame is t = 1/60 = 0.017 s.
            XCTAssertEqual(ce.failure.message, "invariant broken at t = 0.017 s")
            XCTAssertEqual(ce.failure.location.line, 12)
            let text = try XCTUnwrap(r.scenarioText)
            XCTAssertTrue(text.hasSuffix("  tap header\n  tick\n}\n"), text)
            XCTAssertTrue(text.contains("  set header.bodyFollows false\n"))
        }
    }

    /// A multi-mode accordion against the single-mode rule: two taps on different lines,
    /// then one frame. The invariant that broke names the two lines tapped.
    func testPlantedMultiAccordionFoundAndShrunkToTwoTapsAndOneFrame() throws {
        let src = try source(Self.planted.appendingPathComponent("planted-004-multi-accordion.scroll"))
        // Lines 10-12 of the file hold the pairs (0,1), (0,2), (1,2).
        let pairs = [10: Set([0, 1]), 11: Set([0, 2]), 12: Set([1, 2])]
        for seed: UInt64 in [1, 2, 3, 4, 5, 99] {
            let r = exploreFile(src, scenario: nil, options: options(seed: seed))
            XCTAssertEqual(r.exitStatus, 1, "seed \(seed): \(r.messages)")
            let ce = try XCTUnwrap(r.counterexample)
            XCTAssertEqual(ce.actions.count, 3, "seed \(seed): \(ce.actions.map { $0.text })")
            guard ce.actions.count == 3, case .tapSection(let i) = ce.actions[0], case .tapSection(let j) = ce.actions[1] else {
                XCTFail("seed \(seed): \(ce.actions.map { $0.text })")
                continue
            }
            XCTAssertEqual(ce.actions[2], .tick(1))
            XCTAssertEqual(Set([i, j]), pairs[ce.failure.location.line], "seed \(seed)")
        }
    }

    /// The written counterexample, run by the ordinary runner, fails at its `expect
    /// always` line at the time the exploration saw.
    func testWrittenCounterexampleFailsUnderRun() throws {
        let src = try source(Self.planted.appendingPathComponent("planted-002-body-lags.scroll"))
        let r = exploreFile(src, scenario: nil, options: options(seed: 1))
        let text = try XCTUnwrap(r.scenarioText)
        let report = Runner().run([.source(SourceFile(name: "ce.scroll", text: text))])
        XCTAssertEqual(report.exitStatus, 1)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let invLine = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  expect always") }) + 1
        XCTAssertTrue(report.stdout.contains("ce.scroll:\(invLine):3: error: invariant broken at t = 0.017 s\n"), report.stdout)
        XCTAssertTrue(report.stdout.hasSuffix("0 passed, 1 failed\n"))
        // Verification refuses a text that does not fail that way.
        let ce = try XCTUnwrap(r.counterexample)
        let passing = text.replacingOccurrences(of: "  tap header\n", with: "")
        XCTAssertNotNil(verifyCounterexample(passing, name: "x", counterexample: ce))
        XCTAssertNil(verifyCounterexample(text, name: "x", counterexample: ce))
    }

    /// The shrinker keeps the SAME invariant: with two invariants that a tap breaks in
    /// different ways, the reported one is the one the run broke first, never swapped.
    func testShrinkKeepsTheSameInvariant() throws {
        let p = try property("""
            header 50 toggle 100
            section "Items" rows 20
            set header.bodyFollows false
            expect always header.expanded == false or offset > 100000
            expect always (section[0].y ~= header.bottom within 0.01) or header.bottom <= 0
            """)
        let r = explore(p, options: options(seed: 1))
        let ce = try XCTUnwrap(r.counterexample)
        // `tap header` flips `expanded` at once, but invariants are checked after frames:
        // both break at the first frame; the first registered (line 4) is reported.
        XCTAssertEqual(ce.failure.location.line, 4)
        XCTAssertEqual(ce.actions, [.tapView("header"), .tick(1)])
    }

    /// Numbers shrink to the exact boundary of the property. Each expected value is
    /// worked out by hand (rubber band b(x) = 0.55·667·x / (667 + 0.55·x), checked in
    /// Python): a run ends with its last action, so a fling counts only its own 0.1 s, in
    /// which the finger moves V·0.1 pt. Which actions remain depends on the seed.
    func testNumbersShrinkToTheBoundary() throws {
        let scene = "header 240 pin 60\nsections 5 rows 8\ntoolbar\n"
        let cases: [(String, Set<[ExploreAction]>)] = [
            // (A swipe never remains: it becomes the drag of the same move, which reaches the
            // same offsets, velocities and stretches while it moves.)
            // offset 300 after a drag of 300 (299 holds); a fling of 3000
            // for 0.1 s = 300 pt. Or a fling that coasts there, then `settle`: fling -509
            // moves 50.9 pt and lifts at 509 pt/s; it comes to rest at 50.9 + (509 − 10) /
            // 2.002 = 300.15 (k = 1000·ln 0.998 = −2.002; −508: 299.55). Neither step can
            // go: shrinking does not merge actions, so this pair is a local minimum.
            ("offset < 300", [[.drag(-300, hundredths: nil)], [.fling(-3000)], [.fling(-509), .settle]]),
            // the toolbar hides once p < -22: a drag of 23 (22 does not), a fling of 221
            // (22.1 pt; 220 gives 22.0, not below -22).
            ("toolbar.state != hiding", [[.drag(-23, hundredths: nil)], [.fling(-221)]]),
            // 240 + b(38) = 260.27 (b(37) = 19.75); a fling of 375 moves 37.5: b = 20.006
            // (374: 37.4, b = 19.95).
            ("header.height <= 260", [[.drag(38, hundredths: nil)], [.pull(38)], [.fling(375)]]),
            // one frame of 34 pt: 34·60 = 2040 pt/s (33: 1980); a fling of 2000 moves the
            // content at 2000 pt/s (1999: 1999).
            ("velocity < 2000", [[.drag(-34, hundredths: 1)], [.fling(-2000)]]),
            // scale 1.5 needs b ≥ 120: b(267) = 120.35, b(266) = 119.98; a fling of 2661
            // moves 266.1 pt: b = 120.02 (2660: 266.0, b = 119.98).
            ("header.scale < 1.5", [[.drag(267, hundredths: nil)], [.pull(267)], [.fling(2661)]]),
        ]
        for (inv, minimal) in cases {
            let p = try property(scene + "expect always " + inv + "\n")
            for seed: UInt64 in [1, 3] {
                let ce = try XCTUnwrap(explore(p, options: options(seed: seed)).counterexample, inv)
                XCTAssertTrue(minimal.contains(ce.actions), "\(inv) seed \(seed): \(ce.actions.map { $0.text })")
            }
        }
    }

    // MARK: - Correct behaviours: no false alarm

    /// Every shipped property scenario (scenarios/05*-explore-*.scroll) holds on the
    /// shipped behaviour for the default 200 runs.
    func testShippedPropertiesHold() throws {
        let dir = Self.root.appendingPathComponent("scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("-explore-") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 5)
        var count = 0
        for f in files {
            let src = try source(dir.appendingPathComponent(f))
            let checked = checkSource(src)
            for sc in checked.scenarios {
                let p = ExploreProperty(sc)
                XCTAssertFalse(p.invariants.isEmpty, "\(f) \(sc.name)")
                let r = explore(p, options: options(seed: 11, jobs: 2))
                XCTAssertNil(r.counterexample, "\(f) \(sc.name): \(r.counterexample?.actions.map { $0.text } ?? [])")
                XCTAssertNil(r.refused.map { $0.failure.message })
                XCTAssertEqual(r.stats.runs, 200)
                count += 1
            }
        }
        XCTAssertGreaterThanOrEqual(count, 10)
    }

    // MARK: - Determinism

    func testSameBytesWhateverTheJobs() throws {
        let src = try source(Self.planted.appendingPathComponent("planted-004-multi-accordion.scroll"))
        let one = exploreFile(src, scenario: nil, options: options(seed: 4, jobs: 1))
        for jobs in [2, 3, 8] {
            let r = exploreFile(src, scenario: nil, options: options(seed: 4, jobs: jobs))
            XCTAssertEqual(r.scenarioText, one.scenarioText, "jobs \(jobs)")
            XCTAssertEqual(r.messages, one.messages, "jobs \(jobs)")
            XCTAssertEqual(r.stats, one.stats)
            XCTAssertEqual(r.counterexample?.runIndex, one.counterexample?.runIndex)
        }
        XCTAssertNotNil(one.scenarioText)
        // A passing property: the same figures too.
        let p = try property("toolbar\nexpect always toolbar.y >= 623 and toolbar.y <= 667\n")
        let a = explore(p, options: options(seed: 9, runs: 300, jobs: 1))
        let b = explore(p, options: options(seed: 9, runs: 300, jobs: 4))
        XCTAssertEqual(a.stats, b.stats)
        XCTAssertEqual(a.stats.runs, 300)
        // Another seed explores other sequences.
        let c = explore(p, options: options(seed: 10, runs: 300, jobs: 1))
        XCTAssertNotEqual(a.stats, c.stats)
    }

    /// The lowest run index wins even when a later run in the same batch also breaks it.
    func testLowestRunIndexIsReported() throws {
        let p = try property("""
            section "a" rows 1 closed
            section "b" rows 1 closed
            accordion
            expect always not (section[0].open and section[1].open)
            """)
        let r = explore(p, options: options(seed: 2, jobs: 4))
        let ce = try XCTUnwrap(r.counterexample)
        // No run before it breaks the property.
        let engine = ExploreEngine(property: p)
        let g = ExploreGenerator(config: p.config)
        for i in 0..<ce.runIndex {
            var rng = SplitMix64(seed: SplitMix64.runSeed(2, i))
            XCTAssertNil(engine.generatedRun(&rng, generator: g, steps: 12, maxFrames: 7200).violation, "run \(i)")
        }
        var rng = SplitMix64(seed: SplitMix64.runSeed(2, ce.runIndex))
        XCTAssertNotNil(engine.generatedRun(&rng, generator: g, steps: 12, maxFrames: 7200).violation)
        XCTAssertEqual(r.stats.runs, ce.runIndex + 1)
    }

    // MARK: - Bounds and errors

    func testBoundsAreKept() throws {
        let p = try property("toolbar\nexpect always toolbar.y <= 667\n")
        var o = options(seed: 5, runs: 50)
        o.steps = 3
        o.maxFramesPerRun = 30
        let r = explore(p, options: o)
        XCTAssertEqual(r.stats.runs, 50)
        XCTAssertLessThanOrEqual(r.stats.steps, 150)
        // A run stops drawing once past 30 frames; one action adds at most 60 s of
        // settle (3600 frames), so 50 runs stay far below 50 * (30 + 3600).
        XCTAssertLessThan(r.stats.frames, 50 * 3630)
        // Shrink attempts are bounded: with 0 attempts the found sequence is reported as is.
        let q = try property("header 50 toggle 100\nset header.bodyFollows false\nexpect always section[0].y ~= header.bottom within 0.01 or header.bottom <= 0\n")
        var none = options(seed: 1)
        none.maxShrinkAttempts = 0
        let ce = try XCTUnwrap(explore(q, options: none).counterexample)
        XCTAssertEqual(ce.shrinkAttempts, 0)
        XCTAssertEqual(ce.actions, ce.found)
    }

    func testNoPropertyOrNoScenarioIsAnError() throws {
        let r = exploreFile(SourceFile(name: "a.scroll", text: "toolbar\npull 10\n"), scenario: nil, options: options(seed: 1))
        XCTAssertEqual(r.exitStatus, 2)
        XCTAssertEqual(r.messages, "scrollscript: explore: scenario \"a\" of a.scroll has no 'expect always' line: there is no property to explore\n")
        let two = "scenario \"one\" { toolbar }\nscenario \"two\" { toolbar\n expect always offset >= -1000 }\n"
        let s = exploreFile(SourceFile(name: "b.scroll", text: two), scenario: "tow", options: options(seed: 1, runs: 5))
        XCTAssertEqual(s.exitStatus, 2)
        XCTAssertEqual(s.messages, "scrollscript: explore: b.scroll has no scenario named \"tow\" (did you mean 'two'?)\n")
        let t = exploreFile(SourceFile(name: "b.scroll", text: two), scenario: nil, options: options(seed: 1, runs: 5))
        XCTAssertEqual(t.exitStatus, 0, t.messages)
        XCTAssertTrue(t.messages.hasPrefix("scrollscript: explore: exploring \"two\", the first scenario of b.scroll with 'expect always'"), t.messages)
        let bad = exploreFile(SourceFile(name: "c.scroll", text: "pul 10\n"), scenario: nil, options: options(seed: 1))
        XCTAssertEqual(bad.exitStatus, 2)
        XCTAssertTrue(bad.messages.hasPrefix("c.scroll:1:1: error: unknown statement 'pul'"), bad.messages)
    }

    /// A property false at t = 0 gives the empty sequence (the configuration alone breaks it).
    func testPropertyFalseAtTheStart() throws {
        let src = SourceFile(name: "z.scroll", text: "toolbar\nexpect always toolbar.y > 1000\n")
        let r = exploreFile(src, scenario: nil, options: options(seed: 1))
        XCTAssertEqual(r.exitStatus, 1)
        XCTAssertEqual(r.counterexample?.actions, [])
        XCTAssertEqual(r.counterexample?.failure.message, "invariant broken at t = 0.000 s")
        XCTAssertEqual(r.stats.runs, 1)
    }
}
