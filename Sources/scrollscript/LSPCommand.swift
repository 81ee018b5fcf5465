// `scrollscript lsp`: the language server on standard input and output. This file only
// moves bytes: the framing and the protocol are the library's (MessageFramer,
// LanguageServer). Nothing but protocol messages goes to standard output; logs go to
// standard error.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollScript

let lspCommand = Command(
    name: "lsp",
    summary: "a Language Server Protocol server on stdin/stdout (for editors)",
    help: """
    usage: scrollscript lsp [--stdio]

    Serves the Language Server Protocol (JSON-RPC 2.0, Content-Length framing) on
    standard input and output, for editors: diagnostics from the checker as you type
    (the errors of 'scrollscript check'), completion, hover, formatting (the layout of
    'scrollscript fmt') and document symbols. Positions are in UTF-16 code units.
    Logs go to standard error. --stdio (which some clients add) changes nothing:
    standard input and output are the only transport. See README.md, "Editor
    support", and docs/editors.md.

    Exit status: 0 after 'shutdown' then 'exit', 1 on 'exit' without 'shutdown' or
    when standard input ends first.

    """,
    run: runLSP)

func runLSP(_ args: [String]) -> Int32 {
    // `--stdio` is what some clients add (vscode-languageclient with TransportKind.stdio):
    // standard input and output are the only transport, so it changes nothing.
    if let a = args.first(where: { $0 != "--stdio" }) {
        return a.hasPrefix("-") ? unknownOption(a, of: "lsp", known: ["--stdio", "--help"]) : usageError("lsp: takes no arguments (usage: scrollscript lsp)")
    }
    // A client that goes away leaves writes failing with EPIPE rather than killing us mid-log.
    signal(SIGPIPE, SIG_IGN)
    let server = LanguageServer(registry: commandRegistry, log: { writeErr($0 + "\n") })
    var framer = MessageFramer()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            writeErr("scrollscript lsp: cannot read standard input: \(String(cString: strerror(errno)))\n")
            return 1
        }
        if n == 0 {
            writeErr("scrollscript lsp: standard input ended before 'exit'\n")
            return 1
        }
        for event in framer.feed(buffer[0..<n]) {
            let replies: [JSONValue]
            switch event {
            case .message(let body): replies = server.handle(body)
            case .error(let problem): replies = server.framingError(problem)
            }
            for r in replies {
                guard writeAll(MessageFramer.frame(r.encoded())) else {
                    writeErr("scrollscript lsp: cannot write standard output: \(String(cString: strerror(errno)))\n")
                    return 1
                }
            }
            if let code = server.exitCode { return code }
        }
    }
}

/// Writes every byte to standard output (retrying short writes and EINTR).
private func writeAll(_ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + done, bytes.count - done) }
        if n < 0 {
            if errno == EINTR { continue }
            return false
        }
        done += n
    }
    return true
}
