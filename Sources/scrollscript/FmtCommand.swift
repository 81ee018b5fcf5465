// `scrollscript fmt [--check | -w] PATH ...`: the canonical layout (grammar.md §8).
import Foundation
import ScrollScript

let fmtCommand = Command(
    name: "fmt",
    summary: "print, check or rewrite files in the canonical layout",
    help: """
    usage: scrollscript fmt [--check | -w] PATH ...

    Prints each file in the canonical layout (directories: every *.scroll inside,
    recursively, not following directory links, sorted by path; - reads standard
    input). Comments are kept; numbers, units and strings stay exactly as written.

    options:
      --check     print nothing but the names of the files whose layout differs,
                  one per line; exit 1 when there is any
      -w, --write rewrite the files that differ in place, atomically (a temporary
                  file in the same directory is renamed over the original, which
                  keeps its permissions); files already in the layout are not touched

    A file that does not parse is never changed: its errors are printed as by
    'scrollscript check' (FILE:LINE:COL: error: MESSAGE, the line and a caret).

    Exit status: 0 done (with --check: every file is in the layout), 1 with --check
    when a file would change, 2 a file could not be read or parsed, or the command
    line was wrong.

    """,
    run: runFmt)

/// What `fmt` does with each file's canonical layout.
private enum FmtMode {
    case print, check, write
}

func runFmt(_ args: [String]) -> Int32 {
    var paths: [String] = []
    var mode = FmtMode.print
    let accepted = CommandOptions(command: "fmt", flags: ["--check", "-w", "--write"], known: ["--check", "-w", "--write", "--help"])
    if let status = readArguments(args, accepted, { argument -> Int32? in
        switch argument {
        case .operand(let a): paths.append(a)
        case .flag(let a):
            let wanted = a == "--check" ? FmtMode.check : .write
            if mode != .print && mode != wanted {
                return usageError("fmt: --check and -w cannot be used together")
            }
            mode = wanted
        case .option: break
        }
        return nil
    }) {
        return status
    }
    if paths.isEmpty {
        return usageError("fmt: no files given (usage: scrollscript fmt [--check | -w] PATH ...)")
    }
    if mode == .write && paths.contains("-") {
        return usageError("fmt: -w cannot rewrite standard input")
    }
    var run = FmtRun(mode: mode)
    // Each file is read when its turn comes.
    for located in locateInputs(paths) {
        switch located.load() {
        case .unreadable(_, let message): run.fail(message)
        case .file(let source): run.format(source, path: source.name)
        case .stream(let source):
            if mode == .write {
                run.fail("cannot rewrite '\(source.name)': it is a stream, not a regular file")
            } else {
                run.format(source, path: nil)
            }
        }
    }
    if run.errorCount > 0 {
        writeErr("\(run.errorCount) error\(run.errorCount == 1 ? "" : "s")\n")
    }
    return run.status
}

/// One `fmt` invocation: formats files one by one and keeps the exit status.
private struct FmtRun {
    let mode: FmtMode
    /// The highest status so far: 1 a file would change (--check), 2 an error.
    var status: Int32 = 0
    /// Diagnostics printed (for the closing `N errors` line).
    var errorCount = 0

    init(mode: FmtMode) {
        self.mode = mode
    }

    mutating func fail(_ message: String) {
        writeErr("scrollscript: \(message)\n")
        status = 2
    }

    /// Formats one source; `path` is nil for standard input.
    mutating func format(_ source: SourceFile, path: String?) {
        let text: String
        switch formatSource(source) {
        case .failed(let diagnostics):
            let lines = source.lines
            writeErr(diagnostics.map { renderDiagnostic($0, sourceLines: lines) }.joined())
            errorCount += diagnostics.count
            status = 2
            return
        case .formatted(let t):
            text = t
        }
        let bytes = Array(text.utf8)
        switch mode {
        case .print:
            writeOut(text)
        case .check:
            if bytes != source.bytes {
                writeOut(source.name + "\n")
                status = max(status, 1)
            }
        case .write:
            guard let path, bytes != source.bytes else { return }
            if let problem = writeFileAtomically(path: path, bytes: bytes) { fail(problem) }
        }
    }
}
