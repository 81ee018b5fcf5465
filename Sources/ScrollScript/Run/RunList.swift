// `run --list`: the scenarios a run would run, without running them.

/// `run --list`: the scenarios that would run (after filter and shard), one per line —
/// `FILE  "NAME"`, or with `jsonl` one JSON object `{"file":F,"line":L,"name":N,"type":"scenario"}`
/// — in the order a run would run them. A file that could not be read or checked prints
/// its `ERROR` line (`{"file":F,"message":M,"type":"error"}`; its diagnostics on standard
/// error) as in a run. When nothing would run, says why as a run does (NothingRan).
/// Returns the exit status: 0, or 2 for a file error or when nothing would run.
public func listScenarios(_ inputs: [RunInput], selection: RunSelection, jsonl: Bool, output: RunOutput) -> Int32 {
    var status: Int32 = 0
    var count = 0
    var filterMatches = 0
    let options = RunOptions(selection: selection)
    func line(_ object: JSONValue) -> String { String(decoding: object.encoded(), as: UTF8.self) + "\n" }
    for input in inputs {
        let stage = prepare(input, options).stage
        filterMatches += stage.filterMatches
        switch stage {
        case .skipped: break
        case .failed(let f):
            status = 2
            output.out(jsonl ? line(["type": "error", "file": .string(f.file), "message": .string(f.summary)])
                             : "ERROR  \(f.file)  (\(f.summary))\n")
            output.err(f.rendered)
        case .ready(let file):
            for sc in file.scenarios() {
                count += 1
                output.out(jsonl ? line(["type": "scenario", "file": .string(file.source.name), "name": .string(sc.name), "line": .int(sc.location.line)])
                                 : "\(file.source.name)  \(quoteString(sc.name))\n")
            }
        }
        output.endOfEvent()
    }
    if count == 0 && status == 0 {
        let why = NothingRan(selection: selection, filterMatches: filterMatches)
        output.err("scrollscript: \(why.message)\n")
        if why.isError { status = 2 }
    }
    return status
}
