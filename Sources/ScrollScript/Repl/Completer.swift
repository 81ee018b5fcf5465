#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What completion offers for the word before the cursor.
public struct Completion: Equatable {
    /// UTF-8 offset in the line where the completed word starts.
    public var wordStart: Int
    /// Whole replacement words for `line[wordStart..<cursor]`, sorted by their bytes.
    public var candidates: [String]

    public init(wordStart: Int, candidates: [String]) {
        self.wordStart = wordStart
        self.candidates = candidates
    }

    /// True when a single candidate is unfinished (`dir/`, `section[`, `header.`, `min(`),
    /// so no space should follow it.
    public var suppressesSpace: Bool {
        guard candidates.count == 1, let last = candidates[0].last else { return false }
        return last == "/" || last == "[" || last == "." || last == "("
    }
}

/// A directory entry for file-name completion.
public struct DirectoryEntry: Equatable {
    public var name: String
    public var isDirectory: Bool

    public init(name: String, isDirectory: Bool) {
        self.name = name
        self.isDirectory = isDirectory
    }
}

/// Tab completion, pure and testable without a terminal: given the text before the
/// cursor, which words could replace the word being typed. Statement words at the start
/// of a statement, colon commands after `:`, observable and tunable names in expressions
/// (`header.h` → `header.height`, `section[2].h` → `section[2].height`), tunables after
/// `set`, file names after `:load`/`:save`, and the scene's sections and rows after
/// `tap header`, `tap row`, `section[` and `row[`.
public struct Completer {
    /// The engine the LSP shares: which words, in which place.
    let completions: Completions
    /// Lists a directory (`""` means the current one); nil if it cannot be read.
    public var listDirectory: (String) -> [DirectoryEntry]?
    /// The names the session has bound with `let` (asked at each completion).
    public var boundNames: () -> [String] = { [] }
    /// The scene being typed against (the REPL's world's configuration), for the section
    /// and row indexes and the titles; nil: none is known, nothing of it is offered.
    public var scene: () -> SceneConfig?

    public init(lexicon: Lexicon = .builtIn,
                listDirectory: @escaping (String) -> [DirectoryEntry]? = Completer.listFileSystem,
                scene: @escaping () -> SceneConfig? = { nil }) {
        completions = Completions(lexicon)
        self.listDirectory = listDirectory
        self.scene = scene
    }

    /// Completes the word that ends at `cursor` (a UTF-8 offset into `line`).
    public func complete(line: String, cursor: Int) -> Completion {
        let bytes = Array(line.utf8)
        let end = max(0, min(cursor, bytes.count))
        let before = Array(bytes[0..<end])
        let trimmedStart = before.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? before.count
        if trimmedStart < before.count && before[trimmedStart] == UInt8(ascii: ":") {
            return completeColon(before, from: trimmedStart)
        }
        if let c = completeDeclaration(before) { return c }
        return completeStatement(before)
    }

    // MARK: - Colon commands

    private func completeColon(_ before: [UInt8], from start: Int) -> Completion {
        let wordStart = lastSpace(before) + 1
        let word = string(before[wordStart...])
        let tokens = string(before[start..<wordStart]).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = tokens.first else {
            return Completion(wordStart: wordStart, candidates: matching(ColonCommands.all.map { ":" + $0.name }, word))
        }
        // What follows the name comes from the command's row of the table (its action's
        // shape), so a new `:x` completes its FILE or EXPR without a line here.
        let name = String(first.dropFirst())
        guard let info = ColonCommands.all.first(where: { $0.name == name }) else {
            return Completion(wordStart: wordStart, candidates: [])
        }
        switch (info.action, tokens.count) {
        case (.file, 1), (.fileAndName, 1):
            return Completion(wordStart: wordStart, candidates: fileCandidates(word))
        case (.topic, 1):
            return Completion(wordStart: wordStart, candidates: matching(ColonCommands.all.map { $0.name }, word))
        case (.expression, _), (.names, _):
            return expressionCompletion(before, wordStartHint: nil)
        case (.line, let n) where n >= 3 && tokens[2] == "if":
            return expressionCompletion(before, wordStartHint: nil)
        case (.line, 2):
            return Completion(wordStart: wordStart, candidates: matching(["if"], word))
        default:
            return Completion(wordStart: wordStart, candidates: [])
        }
    }

    private func fileCandidates(_ word: String) -> [String] {
        let dirPart: String
        let base: String
        if let slash = word.lastIndex(of: "/") {
            dirPart = String(word[...slash])
            base = String(word[word.index(after: slash)...])
        } else {
            dirPart = ""
            base = word
        }
        guard let entries = listDirectory(dirPart) else { return [] }
        let showHidden = base.hasPrefix(".")
        var out: [String] = []
        for entry in entries where entry.name != "." && entry.name != ".." {
            if entry.name.hasPrefix(".") && !showHidden { continue }
            guard entry.name.utf8.starts(with: base.utf8) else { continue }
            out.append(dirPart + entry.name + (entry.isDirectory ? "/" : ""))
        }
        return sortedUnique(out)
    }

    // MARK: - Statements and expressions

    private func completeStatement(_ before: [UInt8]) -> Completion {
        guard let segmentStart = statementStart(before) else {
            // In a string or comment: nothing, but for the title of `tap header "`.
            return titleCompletion(before) ?? Completion(wordStart: before.count, candidates: [])
        }
        if let c = indexCompletion(before, lowerBound: segmentStart) { return c }
        let wordStart = expressionWordStart(before, lowerBound: segmentStart)
        let word = string(before[wordStart...])
        let tokens = string(before[segmentStart..<wordStart])
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let compared = comparedName(before, wordStart: wordStart, lowerBound: segmentStart)
        return Completion(wordStart: wordStart, candidates: words(completions.place(words: tokens, compared: compared), word))
    }

    /// The engine's list for `place`, as the words that could replace `word`.
    private func words(_ place: CompletionPlace, _ word: String) -> [String] {
        func labels(_ cs: [CompletionCandidate]) -> [String] { cs.map { $0.label } }
        switch place {
        case .statementStart:
            // An expression statement may start the line: `section[0].ti` completes its member.
            return candidatesForName(word, names: labels(completions.statementWords()) + expressionNames)
        case .followers(let head): return matching(labels(completions.followers(of: head)), word)
        case .tunable: return matching(labels(completions.tunables()), word)
        case .tapHeader:
            // `tap header I` or `tap header "TITLE"`: the sections with a header view.
            guard let config = scene() else { return [] }
            return matching(labels(completions.sectionIndexes(config, titledOnly: true) + completions.sectionTitles(config)), word)
        case .tapRowSection:
            guard let config = scene() else { return [] }
            return matching(labels(completions.sectionIndexes(config, titledOnly: false)), word)
        case .tapRow(let section):
            guard let config = scene() else { return [] }
            return matching(labels(completions.rowIndexes(config, section: section)), word)
        case .states(let family): return matching(labels(completions.states(family)), word)
        case .expression(let head):
            var names = expressionNames + labels(completions.expressionWords())
            if let head { names += labels(completions.followers(of: head)) }
            return candidatesForName(word, names: names)
        case .nothing: return []
        }
    }

    /// Expression completion for text after a colon command (`:watch header.h`).
    private func expressionCompletion(_ before: [UInt8], wordStartHint: Int?) -> Completion {
        if let c = indexCompletion(before, lowerBound: 0) { return c }
        let wordStart = expressionWordStart(before, lowerBound: 0)
        let word = string(before[wordStart...])
        if let family = completions.stateFamily(compared: comparedName(before, wordStart: wordStart, lowerBound: 0)) {
            return Completion(wordStart: wordStart, candidates: words(.states(family), word))
        }
        return Completion(wordStart: wordStart, candidates: words(.expression(followersOf: nil), word))
    }

    /// A byte of a dotted name (`toolbar.state`, `section`).
    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
    }

    /// The NAME of `NAME ==` or `NAME !=` just before the word (`toolbar.state ==`); nil
    /// when no comparison stands there.
    private func comparedName(_ before: [UInt8], wordStart: Int, lowerBound: Int) -> String? {
        var i = wordStart
        func skipSpaces() { while i > lowerBound, before[i - 1] == UInt8(ascii: " ") || before[i - 1] == UInt8(ascii: "\t") { i -= 1 } }
        skipSpaces()
        guard i - 2 >= lowerBound, before[i - 1] == UInt8(ascii: "="),
              before[i - 2] == UInt8(ascii: "=") || before[i - 2] == UInt8(ascii: "!") else { return nil }
        i -= 2
        skipSpaces()
        let end = i
        while i > lowerBound, Completer.isNameByte(before[i - 1]) { i -= 1 }
        guard i < end else { return nil }
        return string(before[i..<end])
    }

    /// The names an expression reads (every observable: the REPL's scene grows as
    /// configuration is typed) and the names bound by `let`.
    private var expressionNames: [String] {
        completions.expressionNames(scene: nil, lets: boundNames().map { Completions.boundName($0, statement: nil) }).map { $0.label }
    }

    /// `section[2].h` → `section[2].height`; otherwise prefix matches among `names`.
    private func candidatesForName(_ word: String, names: [String]) -> [String] {
        for form in [Subscript.section, .row] {
            let head = form.base + "["
            let members = completions.members(of: form).map { $0.label }
            guard word.hasPrefix(head), let close = word.range(of: "].") else { continue }
            let prefix = String(word[..<close.upperBound])
            let rest = String(word[close.upperBound...])
            return sortedUnique(members.filter { $0.utf8.starts(with: rest.utf8) }.map { prefix + $0 })
        }
        return matching(names, word)
    }

    // MARK: - The scene's sections and rows

    /// `section[` → `section[0].`, `section[1].` ...; `row[` → `row[0,` ...; `row[2,` →
    /// `row[2,0].` ...: the scene's indexes, the word starting at the name (nil when no
    /// index is being typed, or no scene is known).
    private func indexCompletion(_ before: [UInt8], lowerBound: Int) -> Completion? {
        var i = before.count
        while i > lowerBound, before[i - 1] >= 0x30 && before[i - 1] <= 0x39 { i -= 1 }
        guard i > lowerBound, let config = scene() else { return nil }
        let typed = string(before[i...])
        if before[i - 1] == UInt8(ascii: "["), let base = nameEnding(before, at: i - 1, lowerBound: lowerBound) {
            let head = string(before[base..<i])
            if head == Subscript.section.base + "[" {
                let all = completions.sectionIndexes(config, titledOnly: false).map { head + $0.label + "]." }
                return Completion(wordStart: base, candidates: matching(all, head + typed))
            }
            if head == Subscript.row.base + "[" {
                let all = completions.sectionIndexes(config, titledOnly: false).map { head + $0.label + "," }
                return Completion(wordStart: base, candidates: matching(all, head + typed))
            }
            return nil
        }
        // `row[I,` and the row being typed.
        guard before[i - 1] == UInt8(ascii: ",") else { return nil }
        var j = i - 1
        while j > lowerBound, before[j - 1] >= 0x30 && before[j - 1] <= 0x39 { j -= 1 }
        guard j < i - 1, j > lowerBound, before[j - 1] == UInt8(ascii: "["),
              let base = nameEnding(before, at: j - 1, lowerBound: lowerBound),
              string(before[base..<j]) == Subscript.row.base + "[", let section = Int(string(before[j..<(i - 1)])) else { return nil }
        let head = string(before[base..<i])
        let all = completions.rowIndexes(config, section: section).map { head + $0.label + "]." }
        return Completion(wordStart: base, candidates: matching(all, head + typed))
    }

    /// Where the name that ends just before `bracket` starts (a whole word: nothing of a
    /// name stands before it); nil when no name ends there.
    private func nameEnding(_ before: [UInt8], at bracket: Int, lowerBound: Int) -> Int? {
        var k = bracket
        while k > lowerBound, Completer.isNameByte(before[k - 1]) { k -= 1 }
        return k < bracket ? k : nil
    }

    /// `tap header "山` → the scene's titles, quoted (`"山手線"`), the word starting at the
    /// quote; nil anywhere else.
    private func titleCompletion(_ before: [UInt8]) -> Completion? {
        guard let config = scene(), let quote = openQuote(before) else { return nil }
        let head = Array(before[..<quote])
        guard let start = statementStart(head) else { return nil }
        let tokens = string(head[start...]).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard tokens == [GrammarWord.tap.spelling, GrammarWord.header.spelling] else { return nil }
        return Completion(wordStart: quote, candidates: matching(completions.sectionTitles(config).map { $0.label }, string(before[quote...])))
    }

    /// Where the string the cursor is in opened (nil: the cursor is in no string, or in a
    /// comment).
    private func openQuote(_ before: [UInt8]) -> Int? {
        var open: Int?
        var escaped = false
        for (i, b) in before.enumerated() {
            if open != nil {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { open = nil }
                continue
            }
            if b == 0x22 { open = i } else if b == UInt8(ascii: "#") { return nil }
        }
        return open
    }

    // MARK: - Words

    /// Where the current statement begins (after the last `;`, `{` or `}` outside a
    /// string), or nil when the cursor is inside a string or a comment.
    private func statementStart(_ before: [UInt8]) -> Int? {
        var start = 0
        var inString = false
        var escaped = false
        for (i, b) in before.enumerated() {
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                continue
            }
            switch b {
            case 0x22: inString = true
            case UInt8(ascii: "#"): return nil
            case UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"): start = i + 1
            default: break
            }
        }
        return inString ? nil : start
    }

    /// Bytes that end a name in an expression. `.`, `[`, `]` are part of names; a `,`
    /// is part of one only inside brackets (`row[0,1].y`).
    private static let breakBytes: Set<UInt8> = Set(" \t\n\"();{}+-*/%=<>!~,#".utf8)

    private func expressionWordStart(_ before: [UInt8], lowerBound: Int) -> Int {
        var i = before.count
        var depth = 0
        while i > lowerBound {
            let b = before[i - 1]
            if b == UInt8(ascii: "]") {
                depth += 1
            } else if b == UInt8(ascii: "[") {
                if depth == 0 { break }
                depth -= 1
            } else if b == UInt8(ascii: ",") && depth > 0 {
                // inside row[I,J]
            } else if Completer.breakBytes.contains(b) {
                break
            }
            i -= 1
        }
        return i
    }

    private func lastSpace(_ before: [UInt8]) -> Int {
        (before.lastIndex { $0 == 0x20 || $0 == 0x09 }) ?? -1
    }

    private func string(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private func matching(_ names: [String], _ word: String) -> [String] {
        sortedUnique(names.filter { $0.utf8.starts(with: word.utf8) })
    }

    /// Sorted by UTF-8 bytes (locale-independent), without repeats.
    static func sortedByBytes(_ names: [String]) -> [String] {
        names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private func sortedUnique(_ names: [String]) -> [String] {
        var out: [String] = []
        for name in Completer.sortedByBytes(names) where out.last != name {
            out.append(name)
        }
        return out
    }

    // MARK: - File system

    /// Lists `directory` (`""` = the current directory) with opendir/readdir.
    public static func listFileSystem(_ directory: String) -> [DirectoryEntry]? {
        let path = directory.isEmpty ? "." : directory
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var out: [DirectoryEntry] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                let bytes = raw.bindMemory(to: UInt8.self)
                let len = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: bytes[0..<len], as: UTF8.self)
            }
            var isDir = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_LNK) || entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var st = stat()
                let full = path.hasSuffix("/") ? path + name : path + "/" + name
                if stat(full, &st) == 0 { isDir = (st.st_mode & S_IFMT) == S_IFDIR }
            }
            out.append(DirectoryEntry(name: name, isDirectory: isDir))
        }
        return out.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}
