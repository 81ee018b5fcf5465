// The REPL's colon commands: one table (name, arguments, help line, action). To add a
// `:x`, add its row to `ColonCommands.all`; its action calls the `ReplCore` method that
// does the work. Parsing, `:help`, completion and "did you mean" all read the table.

/// What a command's arguments are, parsed.
public enum ColonArguments: Equatable {
    /// No arguments (`:list`).
    case none
    /// `[N]`: a count from 1 to `ColonCommands.maxCount`, 1 when left out.
    case count(Int)
    /// `N`: a whole number from 1 to `ColonCommands.maxNumber`.
    case number(Int)
    /// `EXPR`: the rest of the line, trimmed.
    case expression(String)
    /// `FILE`: one word (`"..."` for blanks).
    case file(String)
    /// `FILE [NAME]`.
    case fileAndName(String, String?)
    /// `LINE [if EXPR]`.
    case line(Int, condition: String?)
    /// `[NAME ...]`: words, also split at commas.
    case names([String])
    /// `[WORD]`: at most one word.
    case topic(String?)
}

/// A command's action, by the shape of its arguments. The shape says how the arguments
/// are parsed; the closure does the work, given the loop (its `core`, its `reader`).
public enum ColonAction {
    case none((ReplLoop) -> ReplOutcome)
    case count((ReplLoop, Int) -> ReplOutcome)
    case number((ReplLoop, Int) -> ReplOutcome)
    case expression((ReplLoop, String) -> ReplOutcome)
    case file((ReplLoop, String) -> ReplOutcome)
    case fileAndName((ReplLoop, String, String?) -> ReplOutcome)
    case line((ReplLoop, Int, String?) -> ReplOutcome)
    case names((ReplLoop, [String]) -> ReplOutcome)
    case topic((ReplLoop, String?) -> ReplOutcome)

    /// The action bound to `arguments`, or nil when they are not of this action's shape.
    func bind(_ arguments: ColonArguments) -> ((ReplLoop) -> ReplOutcome)? {
        switch (self, arguments) {
        case (.none(let f), .none): return f
        case (.count(let f), .count(let n)), (.number(let f), .number(let n)): return { f($0, n) }
        case (.expression(let f), .expression(let e)), (.file(let f), .file(let e)): return { f($0, e) }
        case (.fileAndName(let f), .fileAndName(let a, let b)): return { f($0, a, b) }
        case (.line(let f), .line(let n, let c)): return { f($0, n, c) }
        case (.names(let f), .names(let w)): return { f($0, w) }
        case (.topic(let f), .topic(let w)): return { f($0, w) }
        default: return nil
        }
    }
}

/// One row of the table: a colon command's name, its arguments as `:help` writes them,
/// its one-line summary, and what it does.
public struct ColonCommandInfo {
    public let name: String
    /// The argument syntax after the name (`FILE [SCENARIO]`), empty for none.
    public let arguments: String
    public let summary: String
    public let action: ColonAction

    public init(_ name: String, _ arguments: String, _ summary: String, _ action: ColonAction) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
        self.action = action
    }

    /// `:load FILE [SCENARIO]`.
    public var usage: String { arguments.isEmpty ? ":" + name : ":" + name + " " + arguments }
}

/// A colon command line, parsed: the command and its arguments, ready to run.
public struct ColonCommand: Equatable {
    public let name: String
    public let arguments: ColonArguments
    private let perform: (ReplLoop) -> ReplOutcome

    /// The command `name` (exact) with `arguments`; nil for an unknown name or arguments
    /// not of its shape.
    public init?(_ name: String, _ arguments: ColonArguments) {
        guard let info = ColonCommands.all.first(where: { $0.name == name }),
              let perform = info.action.bind(arguments) else { return nil }
        self.name = name
        self.arguments = arguments
        self.perform = perform
    }

    /// Runs it.
    public func run(in loop: ReplLoop) -> ReplOutcome { perform(loop) }

    public static func == (a: ColonCommand, b: ColonCommand) -> Bool {
        a.name == b.name && a.arguments == b.arguments
    }
}

/// The table of colon commands, and the parser for them.
public enum ColonCommands {
    /// Every command, in the order `:help` lists them.
    public static let all: [ColonCommandInfo] = [
        ColonCommandInfo("load", "FILE [SCENARIO]", "load a scenario file (its first scenario, or the one named) and stop before its first statement",
                         .fileAndName { $0.core.load(path: $1, scenario: $2) }),
        ColonCommandInfo("reload", "", "read the loaded file again (after an edit): the same scenario, back where it was when nothing before it changed",
                         .none { $0.core.reload() }),
        ColonCommandInfo("list", "", "show the loaded source with the current line marked", .none { $0.core.list() }),
        ColonCommandInfo("where", "", "show the current statement and the simulated time", .none { $0.core.whereAmI() }),
        ColonCommandInfo("step", "[N]", "run the next N statements (default 1)", .count { $0.core.step($1) }),
        ColonCommandInfo("tick", "[N]", "advance N display frames (default 1)", .count { $0.core.tick($1) }),
        ColonCommandInfo("continue", "", "run until a breakpoint, a watch, a failure or the end", .none { $0.core.continueRun() }),
        ColonCommandInfo("break", "LINE [if EXPR]", "stop before the statement on LINE (when EXPR holds)",
                         .line { $0.core.addBreakpoint(line: $1, condition: $2) }),
        ColonCommandInfo("delete", "N", "remove breakpoint N", .number { $0.core.deleteStop($1) }),
        ColonCommandInfo("breaks", "", "list breakpoints", .none { $0.core.listStops() }),
        ColonCommandInfo("watch", "EXPR", "stop when the value of EXPR changes", .expression { $0.core.addWatch($1) }),
        ColonCommandInfo("display", "EXPR", "print EXPR after every step", .expression { $0.core.addDisplay($1) }),
        ColonCommandInfo("undisplay", "N", "stop displaying expression N", .number { $0.core.removeDisplay($1) }),
        ColonCommandInfo("frames", "", "print the frame of every view on screen", .none { $0.core.framesTable() }),
        ColonCommandInfo("show", "", "draw the screen as text", .none { loop in
            // The terminal's size, one line left for the prompt.
            let size = loop.reader.screenSize
            return loop.core.screen(columns: size.columns, rows: max(size.rows - 1, 2))
        }),
        ColonCommandInfo("reset", "", "start again: the loaded scenario from its first statement, else a fresh world with the configuration typed so far",
                         .none { $0.core.reset() }),
        ColonCommandInfo("unload", "", "forget the loaded scenario (and its breakpoints): a fresh world with no configuration, for typing",
                         .none { $0.core.unload() }),
        ColonCommandInfo("save", "FILE", "write this session's statements as a scenario file", .file { $0.core.save(path: $1) }),
        ColonCommandInfo("plot", "FILE.svg", "draw the session so far as a timeline picture (SVG)",
                         .file { $0.core.picture(path: $1, kind: .plot) }),
        ColonCommandInfo("replay", "FILE.html", "write the session so far as a page that replays it",
                         .file { $0.core.picture(path: $1, kind: .replay) }),
        ColonCommandInfo("expect", "[NAME ...]", "add 'expect' lines for the current values (of what the last entry changed, or of the NAMEs) to the session, for :save",
                         .names { $0.core.addExpectations($1) }),
        ColonCommandInfo("help", "[CMD]", "list commands, or explain one", .topic { _, topic in
            switch helpText(for: topic) {
            case .success(let text): return ReplOutcome([text])
            case .failure(let error): return ReplOutcome(["error: " + error.message], failed: true)
            }
        }),
        ColonCommandInfo("quit", "", "leave the REPL (Ctrl-D on an empty line does too)", .none { _ in .quit }),
    ]

    /// Largest N for `:step`/`:tick` (more would only be a way to hang the REPL; the
    /// interpreter's own limits still apply).
    public static let maxCount = 1_000_000
    /// Largest line number / breakpoint / display number accepted.
    public static let maxNumber = 100_000_000

    /// Parses a line that starts with `:` (leading blanks allowed). Accepts a unique
    /// prefix of a command name (`:q`, `:cont`); an exact name always wins (`:break`).
    public static func parse(_ line: String) -> Result<ColonCommand, ColonCommandError> {
        let trimmed = trimBlanks(line)
        guard trimmed.first == ":" else { return .failure(.notACommand) }
        let body = trimmed.dropFirst()
        let nameEnd = body.firstIndex { $0 == " " || $0 == "\t" } ?? body.endIndex
        let typed = String(body[..<nameEnd])
        let rest = trimBlanks(String(body[nameEnd...]))
        switch resolve(typed) {
        case .failure(let error): return .failure(error)
        case .success(let info): return parseArguments(info, rest)
        }
    }

    /// The command a typed name stands for: exact, else a unique prefix.
    public static func resolve(_ typed: String) -> Result<ColonCommandInfo, ColonCommandError> {
        if typed.isEmpty { return .failure(.missingName) }
        if let exact = all.first(where: { $0.name == typed }) { return .success(exact) }
        let byPrefix = all.filter { $0.name.hasPrefix(typed) }
        if byPrefix.count == 1 { return .success(byPrefix[0]) }
        if byPrefix.count > 1 {
            return .failure(.ambiguous(typed, Completer.sortedByBytes(byPrefix.map { $0.name })))
        }
        return .failure(.unknown(typed, suggestions(for: typed)))
    }

    /// `:help` text: every command, or one command's usage and summary.
    public static func helpText(for name: String?) -> Result<String, ColonCommandError> {
        guard let name = name else {
            let width = all.map { $0.usage.count }.max() ?? 0
            var lines = ["Commands (a unique prefix is enough, e.g. :q):"]
            for info in all {
                lines.append("  " + info.usage + String(repeating: " ", count: width - info.usage.count) + "  " + info.summary)
            }
            lines.append("Anything else is a statement or an expression; a line ending in { continues until }.")
            return .success(lines.joined(separator: "\n"))
        }
        let bare = name.hasPrefix(":") ? String(name.dropFirst()) : name
        switch resolve(bare) {
        case .failure(let error): return .failure(error)
        case .success(let info): return .success(info.usage + "\n  " + info.summary)
        }
    }

    // MARK: - Arguments

    private static func parseArguments(_ info: ColonCommandInfo, _ rest: String) -> Result<ColonCommand, ColonCommandError> {
        switch arguments(info, rest) {
        case .failure(let error): return .failure(error)
        case .success(let parsed):
            guard let command = ColonCommand(info.name, parsed) else { return .failure(.unexpectedArguments(info.usage)) }
            return .success(command)
        }
    }

    /// The arguments in `rest`, parsed by the shape of `info`'s action.
    private static func arguments(_ info: ColonCommandInfo, _ rest: String) -> Result<ColonArguments, ColonCommandError> {
        let args = splitArguments(rest)
        switch info.action {
        case .none:
            return rest.isEmpty ? .success(.none) : .failure(.unexpectedArguments(info.usage))
        case .count:
            guard let args = args, args.count <= 1 else { return .failure(.unexpectedArguments(info.usage)) }
            guard let text = args.first else { return .success(.count(1)) }
            guard let n = wholeNumber(text, max: maxCount) else { return .failure(.badNumber(info.usage, text, maxCount)) }
            return .success(.count(n))
        case .number:
            guard let args = args, args.count == 1 else { return .failure(.missingArgument(info.usage)) }
            guard let n = wholeNumber(args[0], max: maxNumber) else { return .failure(.badNumber(info.usage, args[0], maxNumber)) }
            return .success(.number(n))
        case .expression:
            return rest.isEmpty ? .failure(.missingArgument(info.usage)) : .success(.expression(rest))
        case .file:
            guard let args = args, args.count == 1 else {
                return .failure(rest.isEmpty ? .missingArgument(info.usage) : .unexpectedArguments(info.usage))
            }
            return .success(.file(args[0]))
        case .fileAndName:
            guard let args = args, !args.isEmpty else { return .failure(.missingArgument(info.usage)) }
            guard args.count <= 2 else { return .failure(.unexpectedArguments(info.usage)) }
            return .success(.fileAndName(args[0], args.count == 2 ? args[1] : nil))
        case .line:
            return parseBreak(info, rest)
        case .names:
            guard let args = args else { return .failure(.unexpectedArguments(info.usage)) }
            return .success(.names(args.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }))
        case .topic:
            guard let args = args, args.count <= 1 else { return .failure(.unexpectedArguments(info.usage)) }
            return .success(.topic(args.first))
        }
    }

    /// `:break 12`, `:break 12 if offset > 100`.
    private static func parseBreak(_ info: ColonCommandInfo, _ rest: String) -> Result<ColonArguments, ColonCommandError> {
        let lineEnd = rest.firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
        let lineText = String(rest[..<lineEnd])
        if lineText.isEmpty { return .failure(.missingArgument(info.usage)) }
        guard let line = wholeNumber(lineText, max: maxNumber) else {
            return .failure(.badNumber(info.usage, lineText, maxNumber))
        }
        let after = trimBlanks(String(rest[lineEnd...]))
        if after.isEmpty { return .success(.line(line, condition: nil)) }
        guard after.hasPrefix("if"), after.count > 2,
              let sep = after.dropFirst(2).first, sep == " " || sep == "\t" else {
            return .failure(.unexpectedArguments(info.usage))
        }
        let condition = trimBlanks(String(after.dropFirst(2)))
        return .success(.line(line, condition: condition))
    }

    /// 1...max from ASCII digits only; nil otherwise (no sign, no overflow).
    static func wholeNumber(_ text: String, max: Int) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 12, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var n = 0
        for b in text.utf8 { n = n * 10 + Int(b - 0x30) }
        return n >= 1 && n <= max ? n : nil
    }

    /// Words separated by blanks; `"..."` groups a word with blanks (`\"` and `\\`
    /// inside). Nil for an unterminated quote.
    static func splitArguments(_ text: String) -> [String]? {
        var out: [String] = []
        var current = ""
        var inWord = false
        var inQuote = false
        var escaped = false
        for ch in text {
            if inQuote {
                if escaped { current.append(ch); escaped = false }
                else if ch == "\\" { escaped = true }
                else if ch == "\"" { inQuote = false }
                else { current.append(ch) }
            } else if ch == " " || ch == "\t" {
                if inWord { out.append(current); current = ""; inWord = false }
            } else if ch == "\"" {
                inQuote = true
                inWord = true
            } else {
                current.append(ch)
                inWord = true
            }
        }
        if inQuote { return nil }
        if inWord { out.append(current) }
        return out
    }

    static func trimBlanks(_ s: String) -> String {
        var sub = Substring(s)
        while let f = sub.first, f == " " || f == "\t" || f == "\r" || f == "\n" { sub = sub.dropFirst() }
        while let l = sub.last, l == " " || l == "\t" || l == "\r" || l == "\n" { sub = sub.dropLast() }
        return String(sub)
    }

    // MARK: - Did you mean

    /// Command names within edit distance 2 of `typed` (and closer than its length),
    /// nearest first, ties in table order.
    static func suggestions(for typed: String) -> [String] {
        let a = Array(typed.unicodeScalars)
        guard a.count <= 64 else { return [] }
        var scored: [(Int, Int, String)] = []
        for (i, info) in all.enumerated() {
            let d = editDistance(typed, info.name)
            if d <= 2 && d < max(a.count, 2) { scored.append((d, i, info.name)) }
        }
        scored.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        guard let best = scored.first?.0 else { return [] }
        return scored.filter { $0.0 == best }.map { $0.2 }
    }
}

/// Why a colon command line was not understood.
public enum ColonCommandError: Error, Equatable {
    case notACommand
    case missingName
    case unknown(String, [String])
    case ambiguous(String, [String])
    case missingArgument(String)
    case unexpectedArguments(String)
    case badNumber(String, String, Int)

    /// The sentence the REPL prints after `error: `.
    public var message: String {
        switch self {
        case .notACommand: return "a command starts with ':'"
        case .missingName: return "a command name must follow ':' (type :help for the list)"
        case .unknown(let typed, let suggestions):
            if suggestions.isEmpty { return "unknown command ':\(typed)' (type :help for the list)" }
            return "unknown command ':\(typed)'; did you mean " + suggestions.map { "':\($0)'" }.joined(separator: " or ") + "?"
        case .ambiguous(let typed, let names):
            return "':\(typed)' is ambiguous: " + names.map { ":" + $0 }.joined(separator: ", ")
        case .missingArgument(let usage): return "missing argument; usage: \(usage)"
        case .unexpectedArguments(let usage): return "unexpected arguments; usage: \(usage)"
        case .badNumber(let usage, let text, let max):
            return "expected a whole number from 1 to \(max), not '\(text)'; usage: \(usage)"
        }
    }
}
