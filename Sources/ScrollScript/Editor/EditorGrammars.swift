// The editor grammars shipped in `editors/` (a TextMate grammar for VS Code and other
// TextMate-grammar editors, a Vim syntax file), built from a registry's vocabulary: the
// grammar's words (`GrammarWord`), the behaviours' configuration and option words, and
// the observable, tunable and state names (`Lexicon`). A new name there reaches the editors when the
// files are regenerated (a test compares them with this and rewrites them with
// SCROLLSCRIPT_UPDATE_EDITORS=1; see README.md, "Editor support").
import Foundation

public enum EditorGrammars {
    /// The words of one registry, sorted into the grammars' groups.
    struct Words {
        let structure: [String]
        /// Statement keywords that configure: the grammar's and the behaviours' words.
        let configuration: [String]
        let output: [String]
        let action: [String]
        /// Words inside statements: `rows`, `within`, `x`, the behaviours' option words
        /// (`pin`, `single`), ... (not statement keywords, logical operators or booleans).
        let options: [String]
        /// Named tunable values (`fast`, `normal`) that are not booleans.
        let namedValues: [String]
        let observables: [String]
        let members: [String]
        let tunables: [String]

        init(_ lexicon: Lexicon) {
            // (v1.5) `behaviour` and `import` items (spec §9).
            structure = GrammarWord.statements(.structure).map { $0.spelling } + [DeclarationWords.behaviour, DeclarationWords.importWord]
            var config: [String] = []
            for w in GrammarWord.statements(.configuration) {
                config.append(w.spelling)
                if w == .fps { config += lexicon.configurationWords }
            }
            configuration = config
            output = GrammarWord.statements(.check).map { $0.spelling }
            action = GrammarWord.statements(.action).map { $0.spelling }
            var opts = GrammarWord.allCases.dropFirst().map { $0.spelling }.filter {
                !lexicon.statementKeywords.contains($0) && !EditorGrammars.logicalWords.contains($0)
                    && !EditorGrammars.booleanWords.contains($0)
            }
            for o in lexicon.optionWords + lexicon.tapTargets where !opts.contains(o) && !lexicon.statementKeywords.contains(o) {
                opts.append(o)
            }
            // (v1.5) The words of a declared behaviour: members, body statements, events, curves.
            for w in DeclarationWords.members + DeclarationWords.editorWords where !opts.contains(w) && !lexicon.statementKeywords.contains(w) {
                opts.append(w)
            }
            options = opts
            var named: [String] = []
            for t in lexicon.registry.tunables {
                for v in t.namedValues where !EditorGrammars.booleanWords.contains(v.name) && !named.contains(v.name) { named.append(v.name) }
            }
            namedValues = named
            observables = lexicon.registry.observables.filter { $0.subscriptForm == .none }.map { $0.name }
            var ms: [String] = []
            for o in lexicon.registry.observables {
                if let m = o.member, !ms.contains(m) { ms.append(m) }
            }
            members = ms
            tunables = lexicon.tunableNames
        }
    }

    static let logicalWords = [GrammarWord.and, .or, .not].map { $0.spelling }
    static let booleanWords = [GrammarWord.true, .false].map { $0.spelling }
    static var subscriptBases: [String] { Subscript.indexed.map { $0.base } }

    /// The built-in functions (`min`, `clamp`, ...), coloured where a `(` follows.
    static var functionNames: [String] { BuiltinFunction.names }
    /// `a|b|c`, longest first (so that `header.image.y` wins over a shorter name), dots escaped.
    static func alternation(_ words: [String], escape: (String) -> String) -> String {
        let sorted = words.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        return sorted.map(escape).joined(separator: "|")
    }

    static func regexEscape(_ w: String) -> String {
        w.replacingOccurrences(of: ".", with: "\\.")
    }

    // MARK: - TextMate

    /// `editors/scrollscript.tmLanguage.json` (and the VS Code extension's copy).
    public static func textMate(_ lexicon: Lexicon = .builtIn) -> String {
        let w = Words(lexicon)
        func words(_ ws: [String]) -> String { "\\b(?:" + alternation(ws, escape: regexEscape) + ")\\b" }
        func rule(_ name: String, _ match: String) -> JSONValue {
            .ordered(["name": .string(name), "match": .string(match)])
        }
        let number = "(?<![\\w.])\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?(?:ms|s|pt)?(?![\\w.])"
        let patterns: [JSONValue] = [
            .ordered(["include": .string("#comment")]),
            .ordered(["include": .string("#string")]),
            .ordered(["name": .string("meta.size.scrollscript"),
                     "match": .string("\\b(\\d+)(x)(\\d+)\\b"),
                     "captures": .ordered(["1": .ordered(["name": .string("constant.numeric.scrollscript")]),
                                            "2": .ordered(["name": .string("keyword.other.scrollscript")]),
                                            "3": .ordered(["name": .string("constant.numeric.scrollscript")])])]),
            rule("constant.numeric.scrollscript", number),
            rule("variable.other.observable.scrollscript", "\\b(?:" + alternation(subscriptBases, escape: regexEscape) + ")(?=\\s*\\[)"),
            rule("variable.other.member.scrollscript", "(?<=\\]\\.)(?:" + alternation(w.members, escape: regexEscape) + ")\\b"),
            rule("support.function.builtin.scrollscript", "\\b(?:" + alternation(functionNames, escape: regexEscape) + ")(?=\\s*\\()"),
            rule("variable.other.observable.scrollscript", words(w.observables)),
            rule("variable.other.tunable.scrollscript", words(w.tunables)),
            rule("keyword.control.scrollscript", words(w.structure)),
            rule("storage.type.configuration.scrollscript", words(w.configuration)),
            rule("support.function.action.scrollscript", words(w.action)),
            rule("keyword.control.check.scrollscript", words(w.output)),
            rule("keyword.operator.logical.scrollscript", words(logicalWords)),
            rule("constant.language.boolean.scrollscript", words(booleanWords)),
            rule("constant.language.state.scrollscript", words(lexicon.registry.stateNames)),
            rule("constant.language.named-value.scrollscript", words(w.namedValues)),
            rule("keyword.other.scrollscript", words(w.options)),
            rule("keyword.operator.comparison.scrollscript", "==|!=|<=|>=|~=|<|>"),
            rule("keyword.operator.arithmetic.scrollscript", "[-+*/%]"),
            rule("keyword.operator.assignment.scrollscript", "="),
            rule("punctuation.separator.scrollscript", "[;,.]"),
            rule("punctuation.section.brackets.scrollscript", "[\\[\\]{}()]"),
        ]
        let grammar: JSONValue = .ordered([
            "$schema": .string("https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json"),
            "name": .string("ScrollScript"),
            "scopeName": .string("source.scrollscript"),
            "fileTypes": .array([.string("scroll")]),
            "comment": .string("Generated from the vocabulary by EditorGrammars.textMate() (Sources/ScrollScript/Editor/EditorGrammars.swift); do not edit by hand."),
            "patterns": .array(patterns),
            "repository": .ordered([
                "comment": .ordered(["name": .string("comment.line.number-sign.scrollscript"), "match": .string("#.*$")]),
                "string": .ordered([
                    "name": .string("string.quoted.double.scrollscript"),
                    "begin": .string("\""),
                    "end": .string("\""),
                    "patterns": .array([
                        rule("constant.character.escape.scrollscript", "\\\\(?:[\"\\\\nt]|u\\{[0-9A-Fa-f]{1,6}\\})"),
                        rule("invalid.illegal.escape.scrollscript", "\\\\."),
                    ]),
                ]),
            ]),
        ])
        return JSONWriter.text(grammar, pretty: true) + "\n"
    }

    // MARK: - Vim

    /// `editors/vim/syntax/scrollscript.vim`.
    public static func vimSyntax(_ lexicon: Lexicon = .builtIn) -> String {
        let w = Words(lexicon)
        func keywords(_ group: String, _ ws: [String]) -> String {
            "syntax keyword \(group) " + ws.joined(separator: " ") + "\n"
        }
        func vimAlternation(_ ws: [String]) -> String {
            alternation(ws, escape: { $0.replacingOccurrences(of: ".", with: "\\.") }).replacingOccurrences(of: "|", with: "\\|")
        }
        var s = """
        " Vim syntax file for ScrollScript (.scroll)
        " Generated from the vocabulary by EditorGrammars.vimSyntax()
        " (Sources/ScrollScript/Editor/EditorGrammars.swift); do not edit by hand.
        if exists("b:current_syntax")
          finish
        endif

        syntax case match
        " '.' joins a dotted name into one word, so the keyword 'header' does not take the
        " start of 'header.height'.
        syntax iskeyword @,48-57,_,192-255,.

        """
        s += keywords("scrollStructure", w.structure)
        // Keywords win over matches in Vim: `section`, also the start of `section[I].y`, is
        // a match, which the later `section[` match overrides.
        s += keywords("scrollConfiguration", w.configuration.filter { !subscriptBases.contains($0) })
        s += keywords("scrollAction", w.action)
        s += keywords("scrollCheck", w.output)
        s += keywords("scrollLogical", logicalWords)
        s += keywords("scrollBoolean", booleanWords)
        s += keywords("scrollState", lexicon.registry.stateNames)
        s += keywords("scrollNamedValue", w.namedValues)
        s += keywords("scrollOption", w.options)
        // Names (after the keywords: a match wins over a keyword only where it matches,
        // so `header.height` is a name and `header 240` a keyword).
        s += #"""
        syntax match scrollTunable "\<\%(\#(vimAlternation(w.tunables))\)\>"
        syntax match scrollObservable "\<\%(\#(vimAlternation(w.observables))\)\>"
        syntax match scrollConfiguration "\<\%(\#(vimAlternation(w.configuration.filter { subscriptBases.contains($0) }))\)\>"
        syntax match scrollObservable "\<\%(\#(vimAlternation(subscriptBases))\)\ze\s*\["
        syntax match scrollMember "\]\.\zs\%(\#(vimAlternation(w.members))\)\>"
        syntax match scrollFunction "\<\%(\#(vimAlternation(functionNames))\)\ze\s*("
        syntax match scrollNumber "\<\d\+\%(\.\d\+\)\=\%([eE][+-]\=\d\+\)\=\%(ms\|s\|pt\)\=\>"
        syntax match scrollSize "\<\d\+x\d\+\>"
        syntax match scrollOperator "==\|!=\|<=\|>=\|\~=\|[<>+*/%=-]"
        syntax match scrollEscape contained "\\\%([\\"nt]\|u{\x\{1,6}}\)"
        syntax region scrollString start=+"+ skip=+\\\\\|\\"+ end=+"+ contains=scrollEscape
        syntax match scrollComment "#.*$" contains=@Spell

        """#
        s += """

        highlight default link scrollStructure Keyword
        highlight default link scrollConfiguration Type
        highlight default link scrollAction Function
        highlight default link scrollCheck Statement
        highlight default link scrollLogical Operator
        highlight default link scrollBoolean Boolean
        highlight default link scrollState Constant
        highlight default link scrollNamedValue Constant
        highlight default link scrollOption Keyword
        highlight default link scrollTunable Identifier
        highlight default link scrollObservable Identifier
        highlight default link scrollMember Identifier
        highlight default link scrollFunction Function
        highlight default link scrollNumber Number
        highlight default link scrollSize Number
        highlight default link scrollOperator Operator
        highlight default link scrollEscape SpecialChar
        highlight default link scrollString String
        highlight default link scrollComment Comment

        let b:current_syntax = "scrollscript"

        """
        return s
    }
}
