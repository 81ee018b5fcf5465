// libFuzzer target: the lexer, parser and checker on arbitrary bytes (tools/fuzz/run-libfuzzer.sh).
// A trap, a hang, a leak or a diagnostic outside the file is a finding.
import ScrollScript

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheck(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = (data == nil || size == 0) ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let source = SourceFile(name: "fuzz.scroll", bytes: bytes)
    let result = checkSource(source)
    let lines = source.lines
    for d in result.diagnostics {
        // Every error points inside the file (one past the last line at most: an error at the end).
        guard d.location.line >= 1, d.location.line <= lines.count + 1, d.location.column >= 1 else {
            fatalError("diagnostic outside the file: \(d.location.line):\(d.location.column) \(d.message)")
        }
        _ = renderDiagnostic(d, sourceLines: lines)
    }
    // At most the error cap, plus the one line that says the rest was not checked.
    if result.diagnostics.count > 2 * DiagnosticLimits.maxPerFile + 1 {
        fatalError("\(result.diagnostics.count) diagnostics: the error cap did not hold")
    }
    return 0
}
