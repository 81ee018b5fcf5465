import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// Every shipped scenario (`scenarios/`) and every test scenario (`Tests/**/*.scroll`) that
/// parses: the formatted text holds the same tokens (comments included) apart from line
/// ends and `;`, formatting it again changes nothing, and it checks to the same program.
final class FormatterRoundTripTests: XCTestCase {
    static let root: URL = TestPaths.packageRoot

    /// Every *.scroll under a directory of the repository, sorted.
    private func scrollFiles(under dir: String) -> [URL] {
        let base = Self.root.appendingPathComponent(dir)
        guard let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in e where url.pathExtension == "scroll" { found.append(url) }
        return found.sorted { $0.path < $1.path }
    }

    /// README suggests `scrollscript fmt --check scenarios`: the shipped files pass it.
    func testShippedScenariosAreInTheCanonicalLayout() throws {
        let files = scrollFiles(under: "scenarios")
        XCTAssertGreaterThanOrEqual(files.count, 8, "the shipped scenarios are found")
        for url in files {
            let name = url.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertEqual(formatSource(SourceFile(name: name, text: text)), .formatted(text), name)
        }
    }

    func testRoundTripOnEveryScenarioThatParses() throws {
        let files = scrollFiles(under: "scenarios") + scrollFiles(under: "Tests")
        XCTAssertGreaterThanOrEqual(scrollFiles(under: "scenarios").count, 8, "the shipped scenarios are found")
        var formatted = 0
        var checkedClean = 0
        for url in files {
            let name = url.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            let source = SourceFile(name: name, bytes: [UInt8](try Data(contentsOf: url)))
            guard Parser.parse(source, lexicon: .builtIn).diagnostics.isEmpty else {
                // A file that does not parse is refused, with the parser's own errors.
                XCTAssertEqual(formatSource(source), .failed(Parser.parse(source, lexicon: .builtIn).diagnostics), name)
                continue
            }
            guard case .formatted(let out) = formatSource(source) else {
                XCTFail("\(name): parses but was not formatted")
                continue
            }
            formatted += 1
            let outSource = SourceFile(name: name, text: out)
            XCTAssertEqual(significantTokens(source.bytes), significantTokens(Array(out.utf8)), "\(name): tokens")
            XCTAssertEqual(formatSource(outSource), .formatted(out), "\(name): idempotent")
            XCTAssertTrue(out.isEmpty || (out.hasSuffix("\n") && !out.hasSuffix("\n\n")), "\(name): ends with one newline")
            XCTAssertFalse(out.contains("\r") || out.contains("\t "), "\(name): LF line ends, space indent")
            if compareChecks(source, outSource, name) { checkedClean += 1 }
        }
        // 8 shipped scenarios and most test files parse; the figure guards against a
        // search that silently finds nothing.
        XCTAssertGreaterThan(formatted, 30)
        XCTAssertGreaterThanOrEqual(checkedClean, 8)
    }

    /// Same diagnostics (by message) and, when clean, the same scenarios: names, configs and
    /// statements compared without locations and comments. Returns whether it was clean.
    private func compareChecks(_ a: SourceFile, _ b: SourceFile, _ name: String) -> Bool {
        let ra = checkSource(a), rb = checkSource(b)
        XCTAssertEqual(ra.diagnostics.map(\.message).sorted(), rb.diagnostics.map(\.message).sorted(), "\(name): diagnostics")
        XCTAssertEqual(ra.scenarios.count, rb.scenarios.count, "\(name): scenario count")
        for (x, y) in zip(ra.scenarios, rb.scenarios) {
            XCTAssertEqual(x.name, y.name, name)
            // A file's declared behaviours make a registry that names the text it was read
            // from (so the two differ by identity): compare what it holds, and the rest.
            let (cx, cy) = (x.config, y.config)
            XCTAssertEqual(cx.registry.observables.map(\.name), cy.registry.observables.map(\.name), "\(name): registry of \(x.name)")
            XCTAssertEqual(cx.registry.count, cy.registry.count, "\(name): registry of \(x.name)")
            XCTAssertTrue(cx.screenWidth == cy.screenWidth && cx.screenHeight == cy.screenHeight && cx.fps == cy.fps
                          && cx.sections == cy.sections && cx.tunables == cy.tunables && cx.behaviours == cy.behaviours
                          && cx.useOrder == cy.useOrder, "\(name): config of \(x.name)")
            XCTAssertEqual(x.statements.map { stripped($0.kind) }, y.statements.map { stripped($0.kind) }, "\(name): statements of \(x.name)")
        }
        return ra.diagnostics.isEmpty && !ra.scenarios.isEmpty
    }
}

// MARK: - Helpers written for the tests (independent of the formatter)

/// A token as the round trip compares it.
struct TokenKey: Equatable, CustomStringConvertible {
    var kind: TokenKind
    var text: String
    var description: String { "\(kind) \(text)" }
}

/// The tokens of a file without line ends and `;`. Comments lose trailing blanks and a
/// CRLF inside a string counts as LF (the two changes the layout may make to a token).
func significantTokens(_ bytes: [UInt8]) -> [TokenKey] {
    var lexer = Lexer(bytes: bytes, file: "t")
    return lexer.tokenize().compactMap { t in
        switch t.kind {
        case .newline, .semicolon: return nil
        case .comment:
            var s = t.text
            while s.hasSuffix(" ") || s.hasSuffix("\t") { s.removeLast() }
            return TokenKey(kind: t.kind, text: s)
        case .string: return TokenKey(kind: t.kind, text: t.raw.replacingOccurrences(of: "\r\n", with: "\n"))
        case .number: return TokenKey(kind: t.kind, text: t.raw)
        default: return TokenKey(kind: t.kind, text: t.text)
        }
    }
}

private let z = SourceLocation(file: "", line: 0, column: 0)

/// A statement kind with every location zeroed and every comment and blank line dropped.
func stripped(_ k: StmtKind) -> StmtKind {
    func e(_ x: Expr) -> Expr { strippedExpr(x) }
    func s(_ l: StringLiteral) -> StringLiteral { strippedString(l) }
    func b(_ blk: Block) -> Block {
        Block(statements: blk.statements.map { Stmt(kind: stripped($0.kind), location: z) }, open: z, close: z)
    }
    switch k {
    case .scene(let x): return .scene(b(x))
    case .scenario(let n, let x): return .scenario(name: s(n), body: b(x))
    case .repeatBlock(let c, let x): return .repeatBlock(count: e(c), body: b(x))
    case .screen(let w, let h): return .screen(width: e(w), height: e(h))
    case .fps(let x): return .fps(e(x))
    case .use(let name, _): return .use(name: name, nameLocation: z)
    case .configure(let c):
        return .configure(ConfigStatement(word: c.word, argument: c.argument.map(e), options: c.options.map {
            ConfigOptionSyntax(word: $0.word, argument: $0.argument.map(e), location: z)
        }))
    case .section(let t, let rows, let open):
        let r: SectionRows
        switch rows {
        case .count(let n): r = .count(e(n))
        case .titles(let ts): r = .titles(ts.map(s))
        }
        return .section(title: t.map(s), rows: r, open: open)
    case .sections(let n, let r): return .sections(count: e(n), rows: e(r))
    case .set(let n, _, let v): return .set(name: n, nameLocation: z, value: e(v))
    case .pull(let x): return .pull(e(x))
    case .drag(let x, let t): return .drag(e(x), duration: t.map(e))
    case .fling(let x): return .fling(e(x))
    case .swipe(let x, let t): return .swipe(e(x), duration: t.map(e))
    case .tapHeader(let i): return .tapHeader(e(i))
    case .tapRow(let i, let j): return .tapRow(section: e(i), row: e(j))
    case .tap(let x, let y): return .tap(x: e(x), y: e(y))
    case .wait(let x): return .wait(e(x))
    case .tick(let n): return .tick(n.map(e))
    case .expect(let x): return .expect(e(x))
    case .expectWithin(let t, let x): return .expectWithin(duration: e(t), e(x))
    case .expectAlways(let x): return .expectAlways(e(x))
    case .print(let xs): return .print(xs.map(e))
    case .let(let n, _, let v): return .let(name: n, nameLocation: z, value: e(v))
    case .expression(let x): return .expression(e(x))
    case .tapView(let n, let l): return .tapView(n, nameLocation: l.map { _ in z })
    case .release, .settle, .frames: return k
    }
}

/// A string literal without its location; a CRLF in its source text counts as LF (the
/// layout writes LF; the value is the same).
func strippedString(_ l: StringLiteral) -> StringLiteral {
    StringLiteral(value: l.value, raw: l.raw.replacingOccurrences(of: "\r\n", with: "\n"), location: z)
}

func strippedExpr(_ x: Expr) -> Expr {
    switch x {
    case .number(let n, _): return .number(n, z)
    case .string(let s): return .string(strippedString(s))
    case .bool(let v, _): return .bool(v, z)
    case .name(let n, _): return .name(n, z)
    case .indexed(let base, let idx, let m, _): return .indexed(base: base, indexes: idx.map(strippedExpr), member: m, z)
    case .unary(let op, let a, _): return .unary(op, strippedExpr(a), z)
    case .binary(let op, let a, let b, _): return .binary(op, strippedExpr(a), strippedExpr(b), z)
    case .compare(let op, let a, let b, let t, _): return .compare(op, strippedExpr(a), strippedExpr(b), tolerance: t.map(strippedExpr), z)
    case .paren(let a, _): return .paren(strippedExpr(a), z)
    case .call(let name, let args, _): return .call(name, args.map(strippedExpr), z)
    case .placeholder: return .placeholder(z)
    }
}
