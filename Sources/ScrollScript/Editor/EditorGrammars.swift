// The editor grammars shipped in `editors/` (a TextMate grammar for VS Code and other
// TextMate-grammar editors, a Vim syntax file), built from the one vocabulary: statement
// keywords (`statementKeywords`), grammar words (`GrammarWord`), and the observable,
// tunable and state names of `Names.swift`. A new name there reaches the editors when the
// files are regenerated (a test compares them with this and rewrites them with
// SCROLLSCRIPT_UPDATE_EDITORS=1; see README.md, "Editor support").
import Foundation

public enum EditorGrammars {
    /// Statement keywords by role (`GrammarWord.role`).
    static let structureWords = GrammarWord.statements(.structure).map { $0.spelling }
    static let configurationWords = GrammarWord.statements(.configuration).map { $0.spelling }
    static let outputWords = GrammarWord.statements(.check).map { $0.spelling }
    static let actionWords = GrammarWord.statements(.action).map { $0.spelling }

    static let logicalWords = [GrammarWord.and, .or, .not].map { $0.spelling }
    static let booleanWords = [GrammarWord.true, .false].map { $0.spelling }

    /// Words inside statements: `pin`, `rows`, `within`, `x`, ... (grammar words that are
    /// not statement keywords, logical operators or booleans).
    static var optionWords: [String] {
        GrammarWord.allCases.dropFirst().map { $0.spelling }.filter {
            !statementKeywords.contains($0) && !logicalWords.contains($0) && !booleanWords.contains($0)
        }
    }

    /// Named tunable values (`fast`, `normal`) that are not booleans.
    static var namedValues: [String] {
        var out: [String] = []
        for id in TunableID.allCases {
            for v in id.namedValues where !booleanWords.contains(v.name) && !out.contains(v.name) { out.append(v.name) }
        }
        return out
    }

    static var observableNames: [String] {
        Vocabulary.plainObservableNames
    }

    static var subscriptBases: [String] { Subscript.indexed.map { $0.base } }

    static var memberNames: [String] {
        var out: [String] = []
        for id in ObservableID.allCases {
            if let m = id.member, !out.contains(m) { out.append(m) }
        }
        return out
    }

    static var tunableNames: [String] { Vocabulary.tunableNames }

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
    public static func textMate() -> String {
        func words(_ ws: [String]) -> String { "\\b(?:" + alternation(ws, escape: regexEscape) + ")\\b" }
        func rule(_ name: String, _ match: String) -> OrderedJSON {
            .object([("name", .string(name)), ("match", .string(match))])
        }
        let number = "(?<![\\w.])\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?(?:ms|s|pt)?(?![\\w.])"
        let patterns: [OrderedJSON] = [
            .object([("include", .string("#comment"))]),
            .object([("include", .string("#string"))]),
            .object([("name", .string("meta.size.scrollscript")),
                     ("match", .string("\\b(\\d+)(x)(\\d+)\\b")),
                     ("captures", .object([("1", .object([("name", .string("constant.numeric.scrollscript"))])),
                                           ("2", .object([("name", .string("keyword.other.scrollscript"))])),
                                           ("3", .object([("name", .string("constant.numeric.scrollscript"))]))]))]),
            rule("constant.numeric.scrollscript", number),
            rule("variable.other.observable.scrollscript", "\\b(?:" + alternation(subscriptBases, escape: regexEscape) + ")(?=\\s*\\[)"),
            rule("variable.other.member.scrollscript", "(?<=\\]\\.)(?:" + alternation(memberNames, escape: regexEscape) + ")\\b"),
            rule("support.function.builtin.scrollscript", "\\b(?:" + alternation(functionNames, escape: regexEscape) + ")(?=\\s*\\()"),
            rule("variable.other.observable.scrollscript", words(observableNames)),
            rule("variable.other.tunable.scrollscript", words(tunableNames)),
            rule("keyword.control.scrollscript", words(structureWords)),
            rule("storage.type.configuration.scrollscript", words(configurationWords)),
            rule("support.function.action.scrollscript", words(actionWords)),
            rule("keyword.control.check.scrollscript", words(outputWords)),
            rule("keyword.operator.logical.scrollscript", words(logicalWords)),
            rule("constant.language.boolean.scrollscript", words(booleanWords)),
            rule("constant.language.state.scrollscript", words(StateSet.allNames)),
            rule("constant.language.named-value.scrollscript", words(namedValues)),
            rule("keyword.other.scrollscript", words(optionWords)),
            rule("keyword.operator.comparison.scrollscript", "==|!=|<=|>=|~=|<|>"),
            rule("keyword.operator.arithmetic.scrollscript", "[-+*/%]"),
            rule("keyword.operator.assignment.scrollscript", "="),
            rule("punctuation.separator.scrollscript", "[;,.]"),
            rule("punctuation.section.brackets.scrollscript", "[\\[\\]{}()]"),
        ]
        let grammar: OrderedJSON = .object([
            ("$schema", .string("https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json")),
            ("name", .string("ScrollScript")),
            ("scopeName", .string("source.scrollscript")),
            ("fileTypes", .array([.string("scroll")])),
            ("comment", .string("Generated from the vocabulary by EditorGrammars.textMate() (Sources/ScrollScript/Editor/EditorGrammars.swift); do not edit by hand.")),
            ("patterns", .array(patterns)),
            ("repository", .object([
                ("comment", .object([("name", .string("comment.line.number-sign.scrollscript")), ("match", .string("#.*$"))])),
                ("string", .object([
                    ("name", .string("string.quoted.double.scrollscript")),
                    ("begin", .string("\"")),
                    ("end", .string("\"")),
                    ("patterns", .array([
                        rule("constant.character.escape.scrollscript", "\\\\(?:[\"\\\\nt]|u\\{[0-9A-Fa-f]{1,6}\\})"),
                        rule("invalid.illegal.escape.scrollscript", "\\\\."),
                    ])),
                ])),
            ])),
        ])
        return grammar.pretty() + "\n"
    }

    // MARK: - Vim

    /// `editors/vim/syntax/scrollscript.vim`.
    public static func vimSyntax() -> String {
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
        s += keywords("scrollStructure", structureWords)
        // Keywords win over matches in Vim: `section`, also the start of `section[I].y`, is
        // a match, which the later `section[` match overrides.
        s += keywords("scrollConfiguration", configurationWords.filter { !subscriptBases.contains($0) })
        s += keywords("scrollAction", actionWords)
        s += keywords("scrollCheck", outputWords)
        s += keywords("scrollLogical", logicalWords)
        s += keywords("scrollBoolean", booleanWords)
        s += keywords("scrollState", StateSet.allNames)
        s += keywords("scrollNamedValue", namedValues)
        s += keywords("scrollOption", optionWords)
        // Names (after the keywords: a match wins over a keyword only where it matches,
        // so `header.height` is a name and `header 240` a keyword).
        s += "syntax match scrollTunable \"\\<\\%(\(vimAlternation(tunableNames))\\)\\>\"\n"
        s += "syntax match scrollObservable \"\\<\\%(\(vimAlternation(observableNames))\\)\\>\"\n"
        s += "syntax match scrollConfiguration \"\\<\\%(\(vimAlternation(configurationWords.filter { subscriptBases.contains($0) }))\\)\\>\"\n"
        s += "syntax match scrollObservable \"\\<\\%(\(vimAlternation(subscriptBases))\\)\\ze\\s*\\[\"\n"
        s += "syntax match scrollMember \"\\]\\.\\zs\\%(\(vimAlternation(memberNames))\\)\\>\"\n"
        s += "syntax match scrollFunction \"\\<\\%(\(vimAlternation(functionNames))\\)\\ze\\s*(\"\n"
        s += "syntax match scrollNumber \"\\<\\d\\+\\%(\\.\\d\\+\\)\\=\\%([eE][+-]\\=\\d\\+\\)\\=\\%(ms\\|s\\|pt\\)\\=\\>\"\n"
        s += "syntax match scrollSize \"\\<\\d\\+x\\d\\+\\>\"\n"
        s += "syntax match scrollOperator \"==\\|!=\\|<=\\|>=\\|\\~=\\|[<>+*/%=-]\"\n"
        s += "syntax match scrollEscape contained \"\\\\\\%([\\\\\"nt]\\|u{\\x\\{1,6}}\\)\"\n"
        s += "syntax region scrollString start=+\"+ skip=+\\\\\\\\\\|\\\\\"+ end=+\"+ contains=scrollEscape\n"
        s += "syntax match scrollComment \"#.*$\" contains=@Spell\n"
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

/// JSON with object members in the order written, pretty-printed with two-space indents
/// (the shipped grammar reads well and diffs well).
indirect enum OrderedJSON {
    case string(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    func pretty(_ indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .string(let s): return OrderedJSON.quote(s)
        case .array(let a):
            if a.isEmpty { return "[]" }
            if a.allSatisfy({ if case .string = $0 { return true } else { return false } }) {
                return "[" + a.map { $0.pretty() }.joined(separator: ", ") + "]"
            }
            return "[\n" + a.map { inner + $0.pretty(inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let o):
            if o.isEmpty { return "{}" }
            return "{\n" + o.map { inner + OrderedJSON.quote($0.0) + ": " + $0.1.pretty(inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    static func quote(_ s: String) -> String { jsonString(s) }
}
