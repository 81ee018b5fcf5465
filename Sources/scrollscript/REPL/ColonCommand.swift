import ScrollScript

/// A REPL colon command, parsed. Executing it is the engine's job (`ReplEngine`);
/// `:help` and `:quit` are handled by the loop itself.
public enum ColonCommand: Equatable {
    /// `:load FILE [SCENARIO]`
    case load(path: String, scenario: String?)
    /// `:list`: the loaded source with the current line marked.
    case list
    /// `:where`: the current statement and time.
    case whereAmI
    /// `:step [N]`: run N statements (default 1).
    case step(Int)
    /// `:tick [N]`: run N display frames (default 1).
    case tick(Int)
    /// `:continue`: run to the next breakpoint or the end.
    case continueRun
    /// `:break LINE [if EXPR]`
    case breakAt(line: Int, condition: String?)
    /// `:delete N`: remove breakpoint N.
    case delete(Int)
    /// `:breaks`: list breakpoints.
    case breaks
    /// `:watch EXPR`: stop when EXPR changes.
    case watch(String)
    /// `:display EXPR`: print EXPR after every step.
    case display(String)
    /// `:undisplay N`
    case undisplay(Int)
    /// `:frames`: every view's frame.
    case frames
    /// `:show`: a text picture of the screen.
    case show
    /// `:reset`: a fresh world from the current configuration.
    case reset
    /// `:save FILE`: the session's statements as a scenario file.
    case save(String)
    /// `:plot FILE.svg`: the session so far as a timeline picture.
    case plot(String)
    /// `:replay FILE.html`: the session so far as a replay page.
    case replay(String)
    /// `:expect [NAME ...]`: `expect` lines for the current values, added to the session.
    case expect([String])
    /// `:help [CMD]`
    case help(String?)
    /// `:quit`
    case quit
}

/// One colon command's name, argument syntax and one-line summary.
public struct ColonCommandInfo: Equatable {
    public var name: String
    public var usage: String
    public var summary: String
}

/// The table of colon commands, and the parser for them.
public enum ColonCommands {
    /// Every command, in the order `:help` lists them.
    public static let all: [ColonCommandInfo] = [
        ColonCommandInfo(name: "load", usage: ":load FILE [SCENARIO]", summary: "load a scenario file (its first scenario, or the one named) and stop before its first statement"),
        ColonCommandInfo(name: "list", usage: ":list", summary: "show the loaded source with the current line marked"),
        ColonCommandInfo(name: "where", usage: ":where", summary: "show the current statement and the simulated time"),
        ColonCommandInfo(name: "step", usage: ":step [N]", summary: "run the next N statements (default 1)"),
        ColonCommandInfo(name: "tick", usage: ":tick [N]", summary: "advance N display frames (default 1)"),
        ColonCommandInfo(name: "continue", usage: ":continue", summary: "run until a breakpoint, a watch, a failure or the end"),
        ColonCommandInfo(name: "break", usage: ":break LINE [if EXPR]", summary: "stop before the statement on LINE (when EXPR holds)"),
        ColonCommandInfo(name: "delete", usage: ":delete N", summary: "remove breakpoint N"),
        ColonCommandInfo(name: "breaks", usage: ":breaks", summary: "list breakpoints"),
        ColonCommandInfo(name: "watch", usage: ":watch EXPR", summary: "stop when the value of EXPR changes"),
        ColonCommandInfo(name: "display", usage: ":display EXPR", summary: "print EXPR after every step"),
        ColonCommandInfo(name: "undisplay", usage: ":undisplay N", summary: "stop displaying expression N"),
        ColonCommandInfo(name: "frames", usage: ":frames", summary: "print the frame of every view on screen"),
        ColonCommandInfo(name: "show", usage: ":show", summary: "draw the screen as text"),
        ColonCommandInfo(name: "reset", usage: ":reset", summary: "start again from a fresh world"),
        ColonCommandInfo(name: "save", usage: ":save FILE", summary: "write this session's statements as a scenario file"),
        ColonCommandInfo(name: "plot", usage: ":plot FILE.svg", summary: "draw the session so far as a timeline picture (SVG)"),
        ColonCommandInfo(name: "replay", usage: ":replay FILE.html", summary: "write the session so far as a page that replays it"),
        ColonCommandInfo(name: "expect", usage: ":expect [NAME ...]", summary: "add 'expect' lines for the current values (of what the last entry changed, or of the NAMEs) to the session, for :save"),
        ColonCommandInfo(name: "help", usage: ":help [CMD]", summary: "list commands, or explain one"),
        ColonCommandInfo(name: "quit", usage: ":quit", summary: "leave the REPL (Ctrl-D on an empty line does too)"),
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
        let args = splitArguments(rest)
        func none(_ command: ColonCommand) -> Result<ColonCommand, ColonCommandError> {
            rest.isEmpty ? .success(command) : .failure(.unexpectedArguments(info.usage))
        }
        func count(_ make: (Int) -> ColonCommand) -> Result<ColonCommand, ColonCommandError> {
            guard let args = args, args.count <= 1 else { return .failure(.unexpectedArguments(info.usage)) }
            guard let text = args.first else { return .success(make(1)) }
            guard let n = wholeNumber(text, max: maxCount) else { return .failure(.badNumber(info.usage, text, maxCount)) }
            return .success(make(n))
        }
        func number(_ make: (Int) -> ColonCommand) -> Result<ColonCommand, ColonCommandError> {
            guard let args = args, args.count == 1 else { return .failure(.missingArgument(info.usage)) }
            guard let n = wholeNumber(args[0], max: maxNumber) else { return .failure(.badNumber(info.usage, args[0], maxNumber)) }
            return .success(make(n))
        }
        func expression(_ make: (String) -> ColonCommand) -> Result<ColonCommand, ColonCommandError> {
            rest.isEmpty ? .failure(.missingArgument(info.usage)) : .success(make(rest))
        }
        switch info.name {
        case "load":
            guard let args = args, !args.isEmpty else { return .failure(.missingArgument(info.usage)) }
            guard args.count <= 2 else { return .failure(.unexpectedArguments(info.usage)) }
            return .success(.load(path: args[0], scenario: args.count == 2 ? args[1] : nil))
        case "save", "plot", "replay":
            guard let args = args, args.count == 1 else {
                return .failure(rest.isEmpty ? .missingArgument(info.usage) : .unexpectedArguments(info.usage))
            }
            switch info.name {
            case "plot": return .success(.plot(args[0]))
            case "replay": return .success(.replay(args[0]))
            default: return .success(.save(args[0]))
            }
        case "expect":
            guard let args = args else { return .failure(.unexpectedArguments(info.usage)) }
            return .success(.expect(args.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }))
        case "list": return none(.list)
        case "where": return none(.whereAmI)
        case "step": return count { .step($0) }
        case "tick": return count { .tick($0) }
        case "continue": return none(.continueRun)
        case "break": return parseBreak(info, rest)
        case "delete": return number { .delete($0) }
        case "breaks": return none(.breaks)
        case "watch": return expression { .watch($0) }
        case "display": return expression { .display($0) }
        case "undisplay": return number { .undisplay($0) }
        case "frames": return none(.frames)
        case "show": return none(.show)
        case "reset": return none(.reset)
        case "help":
            guard let args = args, args.count <= 1 else { return .failure(.unexpectedArguments(info.usage)) }
            return .success(.help(args.first))
        default: return none(.quit)
        }
    }

    /// `:break 12`, `:break 12 if offset > 100`.
    private static func parseBreak(_ info: ColonCommandInfo, _ rest: String) -> Result<ColonCommand, ColonCommandError> {
        let lineEnd = rest.firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
        let lineText = String(rest[..<lineEnd])
        if lineText.isEmpty { return .failure(.missingArgument(info.usage)) }
        guard let line = wholeNumber(lineText, max: maxNumber) else {
            return .failure(.badNumber(info.usage, lineText, maxNumber))
        }
        let after = trimBlanks(String(rest[lineEnd...]))
        if after.isEmpty { return .success(.breakAt(line: line, condition: nil)) }
        guard after.hasPrefix("if"), after.count > 2,
              let sep = after.dropFirst(2).first, sep == " " || sep == "\t" else {
            return .failure(.unexpectedArguments(info.usage))
        }
        let condition = trimBlanks(String(after.dropFirst(2)))
        return .success(.breakAt(line: line, condition: condition))
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
            let d = ScrollScript.editDistance(typed, info.name)
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
