// The lexicons the tool parses and checks with: a registry's words, holding the checker's
// first guesses (`CheckedGuesser`) for the parser. The parser asks through the lexicon
// (`StatementGuessing`, Syntax/), so the Syntax stage names nothing of the Check stage.
import Foundation
import ScrollSim

extension Lexicon {
    /// The built-in behaviours' lexicon, built once.
    public static let builtIn = Lexicon(.builtIn, guesser: CheckedGuesser())

    /// The lexicon of `registry`: the built-in one is built once; another is built once
    /// and kept while it is the last one asked for (a run, a test target and a language
    /// server each use one registry, and every file of a run asks for its lexicon). A file's
    /// declared behaviours' registry is not kept: it is freed with the file's check.
    public static func of(_ registry: BehaviourRegistry) -> Lexicon {
        if registry == .builtIn { return builtIn }
        if registry.isFreedWithItsCopies { return Lexicon(registry, guesser: CheckedGuesser()) }
        return LastLexicon.shared.lexicon(of: registry)
    }
}

/// The parser's first guesses: `StatementGuesser`'s reading of the statement, kept when
/// it passes `check` (`passesCheck`) in the configuration parsed so far.
package struct CheckedGuesser: StatementGuessing {
    package func guess(_ request: GuessRequest) -> FoundGuess? {
        // What a guess at "pinned" compares with: the values written with each option (an
        // option without a value reads 1; one whose value is not a constant, none).
        var options: [String: [String: Double]] = [:]
        for (word, written) in request.options {
            var values: [String: Double] = [:]
            for o in written { values[o.word] = o.argument.map { constValue($0)?.value } ?? 1 }
            options[word] = values
        }
        let letNames = request.letNames, configuration = request.configuration, inScene = request.inScene
        let context = GuessContext(lexicon: request.lexicon, titles: nil, options: options, letNames: letNames)
        guard let (g, at, length) = StatementGuesser.guess(request.statement, context, accepts: {
            // In a scene only configuration passes (`// expect offset == 0` there is no
            // `expect`: a scene refuses one).
            if inScene, !parseAsWritten($0, lexicon: request.lexicon).0.statements.allSatisfy({ $0.kind.isConfiguration }) { return nil }
            return StatementGuesser.passesCheck($0, letNames: letNames, configuration: configuration, words: context.words)
        }) else { return nil }
        return FoundGuess(g, offset: at, length: length)
    }
}

/// The last non-built-in registry's lexicon, shared by a run's threads.
private final class LastLexicon: @unchecked Sendable {
    static let shared = LastLexicon()
    private let lock = NSLock()
    private var last: Lexicon?

    func lexicon(of registry: BehaviourRegistry) -> Lexicon {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.registry == registry { return last }
        let made = Lexicon(registry, guesser: CheckedGuesser())
        last = made
        return made
    }
}

extension StatementGuesser {
    /// A suggestion the parser makes passes `check` in a scene with every view
    /// (`GuessVocabulary.everyView`; errors
    /// about the table's sections and rows aside: the real scene decides those). A
    /// suggestion that reads a `let` name, or is a `scene`/`scenario` block, is checked for
    /// its names only (`namesExist`).
    ///
    /// With the scenario's `configuration` known (the configuration statements parsed
    /// before, as text), the suggestion is checked in it; a view it needs and the scenario
    /// lacks is said in a note (`declareView`) rather than a reason to suggest nothing.
    /// nil: it does not pass; else the notes to add.
    package static func passesCheck(_ text: String, letNames: Set<String>, configuration: (text: String, sections: Bool)? = nil,
                            words: GuessVocabulary) -> [GuessNote]? {
        let lexicon = words.lexicon
        guard namesExist(text, letNames: letNames, lexicon: lexicon) else { return nil }
        let (program, _) = parseAsWritten(text, lexicon: lexicon)
        var readsLet = false
        for s in program.statements {
            switch s.kind {
            case .scene, .scenario: return []
            case .let(let n, _, _) where letNames.contains(n): return nil
            default: forEachExpr(s.kind) { if exprReadsName($0, letNames) { readsLet = true } }
            }
        }
        if readsLet || program.statements.isEmpty { return [] }  // a comment alone passes
        guard let configuration else {
            let passes = checkAsWritten(words.everyView + text + "\n", lexicon: lexicon).allSatisfy { d in
                switch d.problem {
                case .check(.noSuchSection), .check(.noSuchRow), .check(.noSectionTitled), .check(.untitledSection): return true
                default: return false
                }
            }
            return passes ? [] : nil
        }
        // Errors of the configuration itself are its own statements' (reported there).
        let lines = configuration.text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        let problems = checkAsWritten(configuration.text + text + "\n", lexicon: lexicon).filter { $0.location.line > lines }.map(\.problem)
        return viewsToDeclare(problems, sectionsDeclared: configuration.sections, words: words)
    }
}
