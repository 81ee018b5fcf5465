// libFuzzer target: the formatter round trip. A file that formats must give text that
// parses, holds the same tokens (apart from line ends and ';'), formats to itself, and
// checks the same way as the input.
@testable import ScrollScript

/// The tokens that must survive formatting: kind and source text, line ends and ';' left out.
private func significantTokens(_ bytes: [UInt8]) -> [String] {
    var lexer = Lexer(bytes: bytes, file: "fuzz.scroll")
    var out: [String] = []
    while true {
        let t = lexer.next()
        if t.kind == .eof { return out }
        if t.kind == .newline || t.kind == .semicolon { continue }
        let text: String
        switch t.kind {
        case .word: text = t.text
        case .number: text = t.raw
        case .string: text = canonicalStringRaw(t.raw)
        case .comment: text = trimmingTrailingBlanks(t.text)
        default: text = ""
        }
        out.append("\(t.kind):\(text)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormat(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = (data == nil || size == 0) ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let source = SourceFile(name: "fuzz.scroll", bytes: bytes)
    switch formatSource(source) {
    case .failed(let ds):
        for d in ds where d.message.contains("formatter bug") { fatalError(d.message) }
        return 0
    case .formatted(let text):
        let parsed = Parser.parse(SourceFile(name: "fuzz.scroll", text: text), lexicon: .builtIn)
        if let d = parsed.diagnostics.first { fatalError("formatted text does not parse: \(d.message)") }
        if significantTokens(bytes) != significantTokens(Array(text.utf8)) {
            fatalError("formatting changed the tokens")
        }
        guard case .formatted(let again) = formatSource(SourceFile(name: "fuzz.scroll", text: text)), again == text else {
            fatalError("formatting is not idempotent")
        }
        // As many check errors before as after (their wording may differ: a hint can depend
        // on the column, which the layout changes).
        let before = checkSource(source).diagnostics.map(\.message)
        let after = checkSource(SourceFile(name: "fuzz.scroll", text: text)).diagnostics.map(\.message)
        if before.count != after.count {
            fatalError("formatting changed what check says: \(before) vs \(after)")
        }
        return 0
    }
}
