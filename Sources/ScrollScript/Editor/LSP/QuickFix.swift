// The language server's quick fixes (`textDocument/codeAction`): each "did you mean" of a
// diagnostic as an edit that puts the word meant in place of the word written. The words
// come from the same hints, over the same candidates, as the diagnostic's message (a test
// checks every sample's fixes against its message); nothing here reads message text.

/// A diagnostic's "did you mean" as data: the text as written (found at the diagnostic's
/// location, or after it on its line) and what may replace it, nearest first. A guess
/// (`Guess`) replaces the whole statement it stands in (`written` empty).
struct QuickFix: Equatable {
    var written: String
    var replacements: [String]
    var wholeStatement = false
}

extension WordHint {
    /// What the hint offers in place of the word: the nearest words, the word meant (else
    /// the word without its hidden characters, or in ASCII), the word quoted as text.
    var replacements: [String] {
        switch self {
        case .none: return []
        case .nearest(let words): return words
        case .hiddenCharacters(_, _, let meant, let withoutThem): return [meant ?? withoutThem].compactMap { $0 }
        case .fullWidth(let meant, let ascii): return [meant ?? ascii]
        case .needsQuotes(let word): return [quoteString(word)]
        }
    }
}

extension Problem {
    /// The fix its message suggests, if it suggests one.
    var quickFix: QuickFix? {
        func fix(_ written: String, _ hint: WordHint) -> QuickFix? {
            let r = hint.replacements
            return r.isEmpty ? nil : QuickFix(written: written, replacements: r)
        }
        switch self {
        case .lex(.symbolForWord(let written, let word)):
            return QuickFix(written: written, replacements: [word])
        case .parse(.unknownStatement(let word, let keywords)):
            return fix(word, unknownWordHint(word, keywords))
        case .parse(.unknownOption(_, let option, let options)):
            return fix(option, nearestHint(option, options))
        case .parse(.expectedSectionState(let found)) where found.kind == .word:
            return fix(found.text, nearestHint(found.text, [GrammarWord.open.spelling, GrammarWord.closed.spelling]))
        case .parse(.tapUnknownTarget(let found, let targets)) where found.kind == .word:
            return fix(found.text, nearestHint(found.text, targets))
        case .parse(.expectedStatementEnd(let found)) where found.kind == .word:
            return fix(found.text, characterHint(found.text))
        case .check(.unknownTunable(let name, let known)):
            return fix(name, unknownWordHint(name, known))
        case .check(.unknownName(let name, let known)):
            return fix(name, unknownWordHint(name, known, quotes: true))
        case .check(.unknownIndexedName(let base)):
            return fix(base, nearestHint(base, [Subscript.section.base, Subscript.row.base]))
        case .check(.unknownMember(let form, let member)):
            guard let f = fix("." + member, nearestHint(member, Lexicon.members(of: form))) else { return nil }
            return QuickFix(written: f.written, replacements: f.replacements.map { "." + $0 })
        case .check(.notAState(let word, let family)):
            return fix(word, unknownWordHint(word, family.names))
        case .check(.stateAsString(let value, let raw)):
            return QuickFix(written: raw, replacements: [value])
        case .check(.noSectionTitled(let raw, let near, _)) where !near.isEmpty:
            return QuickFix(written: raw, replacements: near.map(quoteString))
        case .warning(.bareLongDuration(_, let raw)), .warning(.bareLongWait(let raw, _)):
            return QuickFix(written: raw, replacements: [raw + "ms", raw + "s"])
        case .warning(.conditionAlone(let text?, _)):
            return QuickFix(written: "", replacements: ["expect " + text], wholeStatement: true)
        case .warning(.valueAlone(let text?)):
            return QuickFix(written: "", replacements: ["print " + text], wholeStatement: true)
        case .parse(.guess(let g)), .check(.guess(let g)):
            return QuickFix(written: "", replacements: [g.correctedLine], wholeStatement: true)
        default:
            return nil
        }
    }
}

extension LanguageServer {
    /// `textDocument/codeAction`: for each diagnostic of the document on the lines of
    /// `range` that suggests a word, one quick fix per word suggested (the first preferred),
    /// replacing the word as written. The diagnostic is the one published for it.
    func codeActions(_ doc: TextDocument, _ range: LSPRange) -> JSONValue {
        let result = checkSource(doc.source, registry: registry)
        var actions: [JSONValue] = []
        for d in sortedDiagnostics(result.diagnostics + result.warnings) {
            let line = d.location.line - 1
            guard line >= range.start.line && line <= range.end.line, let fix = d.problem.quickFix else { continue }
            var written = fix.written
            let found: LSPRange?
            if fix.wholeStatement, let (a, b) = statementBytes(in: doc, at: d.location, block: fix.replacements.contains { $0.contains("{") }) {
                found = LSPRange(doc.position(ofByte: a), doc.position(ofByte: b))
                written = String(decoding: doc.bytes[a..<b], as: UTF8.self)
            } else {
                found = fix.wholeStatement ? nil : writtenRange(of: fix.written, in: doc, from: d.location)
            }
            guard let at = found else { continue }
            let published: JSONValue = ["range": doc.range(d.location).json, "severity": .int(d.problem.isWarning ? 2 : 1),
                                        "source": "scrollscript", "message": .string(d.message)]
            for (k, word) in fix.replacements.enumerated() {
                let edit: JSONValue = ["changes": .object([doc.uri: [["range": at.json, "newText": .string(word)]]])]
                actions.append(["title": .string("Replace '\(written)' with '\(word)'"), "kind": "quickfix",
                                "diagnostics": [published], "isPreferred": .bool(k == 0), "edit": edit])
            }
        }
        return .array(actions)
    }

    /// The bytes of the statement on the line of `location` that holds it: from after the
    /// `;` or `{` before it (or the line's first word) to the `;` or `}` after it (or the
    /// line's end, before a `#` comment), outside strings; with `block`, the line's
    /// statement with its block (a guess at a block's head keeps the block).
    private func statementBytes(in doc: TextDocument, at location: SourceLocation, block: Bool) -> (Int, Int)? {
        let lineStart = doc.byteOffset(line: location.line, column: 1)
        let lineEnd = doc.lineEnd(max(0, location.line - 1))
        let at = doc.byteOffset(line: location.line, column: location.column)
        guard lineStart <= at, at <= lineEnd else { return nil }
        var start = lineStart, end = lineEnd
        var inString = false
        var i = lineStart
        while i < lineEnd {
            let b = doc.bytes[i]
            if b == UInt8(ascii: "\"") { inString.toggle() }
            if !inString {
                if !block, (b == UInt8(ascii: ";") || b == UInt8(ascii: "{")) && i < at { start = i + 1 }
                if b == UInt8(ascii: "#") || (!block && (b == UInt8(ascii: ";") || b == UInt8(ascii: "}")) && i >= at) {
                    end = i
                    break
                }
            }
            i += 1
        }
        while start < end, doc.bytes[start] == 0x20 || doc.bytes[start] == 0x09 { start += 1 }
        while end > start, doc.bytes[end - 1] == 0x20 || doc.bytes[end - 1] == 0x09 || doc.bytes[end - 1] == 0x0D { end -= 1 }
        guard start < end else { return nil }
        return (start, end)
    }

    /// Where `written` stands: at `location`, or the first place after it on its line;
    /// nil when it is not there (then no fix is offered rather than a wrong edit).
    private func writtenRange(of written: String, in doc: TextDocument, from location: SourceLocation) -> LSPRange? {
        let w = Array(written.utf8)
        guard !w.isEmpty else { return nil }
        let start = doc.byteOffset(line: location.line, column: location.column)
        let end = doc.lineEnd(max(0, location.line - 1))
        var i = start
        while i + w.count <= end {
            if doc.bytes[i..<(i + w.count)].elementsEqual(w) {
                return LSPRange(doc.position(ofByte: i), doc.position(ofByte: i + w.count))
            }
            i += 1
        }
        return nil
    }
}
