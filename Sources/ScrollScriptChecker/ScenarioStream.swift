// `check` and `run` read a file one top-level statement at a time, so that a 60 MB file is
// checked at 40 MB/s or more in at most 4x its size of memory.
//
//     bytes → Parser.nextTopLevelStatement → Checker.checkTopLevel → one CheckedScenario
//
// Nothing holds the file's tree: each scene or scenario is parsed, checked, handed out and
// dropped. Parsing and checking share one thread: a parser thread of its own, ahead of the
// checker, is slower on a shared 2-core machine — glibc's malloc locks when one thread
// frees what another allocated, and the other core is seldom free.

/// Lexes, parses and checks one file one top-level statement at a time: each scenario
/// comes out checked as soon as its block ends, and nothing else of the file's tree is
/// kept, so memory is the file's bytes plus a few scenarios (a file without blocks is one
/// scenario: all of it). The same checks, diagnostics and scenarios as `checkSource`:
/// `diagnostics` is final once `next()` has returned nil; until then a scenario that
/// comes out may belong to a file with errors (nothing in such a file runs: `run` checks
/// a file to its end before it runs anything, then streams it again).
public struct ScenarioStream: IteratorProtocol {
    private var parser: Parser
    private var place = Parser.TopLevelPlace()
    private var checker: Checker
    private var finished = false
    /// Errors of the file's declared behaviours and imports (ScrollScriptChecker/DeclaredFiles.swift).
    private let declared: FileDeclarations
    /// Sorted by position, as `checkSource` gives them; set at the end.
    public private(set) var diagnostics: [Diagnostic] = []
    /// The warnings, sorted by position; set at the end.
    public private(set) var warnings: [Diagnostic] = []

    /// `keepsStatements: false`: the scenarios come out checked, with their names, locations
    /// and configurations but no statements (for counting them: `check`, and `run` before
    /// it runs a file). Words and names are `registry`'s.
    public init(_ source: SourceFile, keepsStatements: Bool = true, registry: BehaviourRegistry = .builtIn) {
        // (v1.5) The behaviours it declares and imports join the registry (spec §9).
        let declared = fileDeclarations(source, base: registry)
        self.declared = declared
        let lexicon = Lexicon.of(declared.registry)
        parser = Parser(lexer: Lexer(bytes: source.bytes, file: source.name), file: source.name, keepsComments: false,
                        lexicon: lexicon)
        checker = Checker(fileScenarioName: source.scenarioName, file: source.name, lexicon: lexicon)
        checker.keepsStatements = keepsStatements
        checker.declaresBehaviours = declared.declares
        // Room for the names of a file of short scenarios, so a large file's table does
        // not grow (and rehash) step by step.
        checker.scenarioNames.reserveCapacity(min(source.bytes.count / 256, 1 << 18))
    }

    public mutating func next() -> CheckedScenario? {
        while !finished {
            guard let s = parser.nextTopLevelStatement(&place) else {
                finished = true
                let parseDiags = parser.syntaxDiagnostics
                let last = checker.finishFile(hadSyntaxErrors: !parseDiags.isEmpty)
                diagnostics = sortedDiagnostics(declared.filtered(parseDiags + checker.diagnostics, alsoRefused: parser.refusedBehaviourNames)
                                                + declared.diagnostics)
                warnings = checker.finalWarnings(syntaxErrors: parseDiags, assertionComments: parser.assertionComments)
                return last
            }
            if let c = checker.checkTopLevel(s) { return c }
        }
        return nil
    }
}
