// `scrollscript trace`, `plot` and `replay` (spec §7, docs/pictures.md): read one file,
// pick one scenario, and let the library draw it.
import Foundation
import ScrollScript

let traceCommand = Command(
    name: "trace",
    summary: "one row per frame of a scenario, as CSV or JSON Lines",
    help: """
    usage: scrollscript trace FILE [--scenario NAME] [--format csv|jsonl] [--every N] [--columns LIST]

    Runs one scenario (the first in FILE, or the one named) and writes one row per
    display frame, t = 0 to its end, to standard output: the frame, the time, the line
    of the statement running, the phase, offset, velocity, the finger, what each
    declared behaviour traces (header.height, toolbar.y, refresh.state, a behaviour of
    your own's observables, ...), section[I].y of the first 20 sections, the sections
    and rows in view, and 'failure' (last column; filled in on the last row of a
    scenario that failed there).
    Numbers are written in full precision. '--every N' keeps every N-th frame (and the
    last); '--columns a,b,...' picks columns by observable name (section[2].y,
    row[0,3].visible, ...). See docs/pictures.md.

    Exit status: 0 the scenario passed; 1 it failed (the trace goes up to the failure);
    2 the file could not be read or checked, or the command line was wrong.

    """,
    run: runTrace)

let plotCommand = Command(
    name: "plot",
    summary: "draw a scenario's timeline as an SVG picture",
    help: """
    usage: scrollscript plot FILE [--scenario NAME] [--columns LIST] -o OUT.svg

    Runs one scenario (the first in FILE, or the one named) and draws offset and the
    numbers each declared behaviour plots (header.height, header.bottom, toolbar.y, ...;
    those that move; the legend lists the others with their value) and the y of the
    section headers on screen against time, with the statements along the time axis and
    the expectations as ticks (a failed one in red, with its message).
    '--columns a,b,...' draws those observables instead (numbers, named as in trace:
    velocity, section[2].y, ...). '-o -' writes to standard output.

    Exit status: 0 the scenario passed; 1 it failed (the picture shows it);
    2 the file could not be read or checked, the output could not be written, or the
    command line was wrong.

    """,
    run: { runPicture($0, command: "plot", suffix: ".svg", extra: ["-o", "--columns"]) })

let replayCommand = Command(
    name: "replay",
    summary: "write a web page that plays a scenario on a drawn phone screen",
    help: """
    usage: scrollscript replay FILE [--scenario NAME] -o OUT.html

    Runs one scenario (the first in FILE, or the one named) and writes one
    self-contained HTML page (no network, no other file) that plays it: the section
    headers, rows, the declared behaviours' views (the header, the toolbar, a behaviour
    of your own's views) and the finger at every frame, with play/pause, speed
    (0.25x-4x), a scrubber, frame stepping with the arrow keys, the statement running
    and the observables of the frame shown. 'OUT.html#t=0.4' opens it at 0.4 s.
    '-o -' writes to standard output.

    Exit status: 0 the scenario passed; 1 it failed (the page shows it);
    2 the file could not be read or checked, the output could not be written, or the
    command line was wrong.

    """,
    run: { runPicture($0, command: "replay", suffix: ".html", extra: ["-o"]) })

/// The options every picture command shares.
private struct PictureArgs {
    var file: String?
    var scenario: String?
    var output: String?
    var format: TraceFormat = .csv
    var every = 1
    var columns: String?
}

private enum ParsedPictureArgs {
    case ok(PictureArgs)
    case exit(Int32)
}

/// Parses `args`; `extra` are the options this command takes besides `--scenario`.
private func parsePictureArgs(_ args: [String], command: String, extra: [String]) -> ParsedPictureArgs {
    var p = PictureArgs()
    let accepted = CommandOptions(command: command, valued: ["--scenario"] + extra, known: ["--scenario"] + extra + ["--help"])
    if let status = readArguments(args, accepted, { argument -> Int32? in
        switch argument {
        case .operand(let a):
            if p.file != nil { return usageError("\(command): one FILE only ('\(a)' is a second)") }
            p.file = a
        case .flag: break
        case .option(let a, let v):
            switch a {
            case "--scenario": p.scenario = v
            case "-o": p.output = v
            case "--format":
                guard let f = TraceFormat(rawValue: v) else {
                    return usageError("\(command): --format takes csv or jsonl, not '\(v)'" + didYouMean(v, TraceFormat.allCases.map { $0.rawValue }))
                }
                p.format = f
            case "--every":
                guard v.count <= 9, v.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(v), n >= 1 else {
                    return usageError("\(command): --every takes a whole number from 1, not '\(v)'")
                }
                p.every = n
            case "--columns": p.columns = v
            default: break
            }
        }
        return nil
    }) {
        return .exit(status)
    }
    guard p.file != nil else { return .exit(usageError("\(command): no FILE given (usage: scrollscript \(command) FILE ...)")) }
    return .ok(p)
}

/// Reads, checks and picks the scenario; nil after reporting why (exit 2).
private func pickScenario(_ path: String, _ name: String?, command: String) -> (SourceFile, CheckedScenario)? {
    let source: SourceFile
    switch loadSource(argument: path) {
    case .failure(let e):
        writeErr("scrollscript: \(e.message)\n")
        return nil
    case .success(let s): source = s
    }
    let checked = checkSource(source, registry: commandRegistry)
    if !checked.diagnostics.isEmpty {
        let lines = source.lines
        var out = ""
        for d in checked.diagnostics { out += renderDiagnostic(d, sourceLines: lines) }
        let n = checked.diagnostics.count
        writeErr(out + "\(n) error\(n == 1 ? "" : "s")\n")
        return nil
    }
    switch selectScenario(checked.scenarios, named: name, file: source.name) {
    case .failure(let e):
        writeErr("scrollscript: \(command): \(e.message)\n")
        return nil
    case .success(let sc):
        if name == nil && checked.scenarios.count > 1 {
            writeErr("scrollscript: \(command): \(source.name) has \(checked.scenarios.count) scenarios; this is the first, \(quoteString(sc.name)) (--scenario NAME picks another)\n")
        }
        return (source, sc)
    }
}

func runTrace(_ args: [String]) -> Int32 {
    let p: PictureArgs
    switch parsePictureArgs(args, command: "trace", extra: ["--format", "--every", "--columns"]) {
    case .exit(let status): return status
    case .ok(let v): p = v
    }
    guard let (_, scenario) = pickScenario(p.file ?? "", p.scenario, command: "trace") else { return 2 }
    var columns = TraceColumns.defaults(for: scenario.config)
    if let list = p.columns {
        switch TraceColumns.parse(list, config: scenario.config) {
        case .failure(let e): return usageError("trace: --columns: \(e.message)")
        case .success(let c): columns = c
        }
    }
    let out = FileHandle.standardOutput
    let writer = TraceWriter(columns: columns, format: p.format, every: p.every) { bytes in
        bytes.withUnsafeBytes { out.write(Data($0)) }
    }
    let failure = writer.trace(ScenarioPlayback(scenario))
    return failure == nil ? 0 : 1
}

private func runPicture(_ args: [String], command: String, suffix: String, extra: [String]) -> Int32 {
    let p: PictureArgs
    switch parsePictureArgs(args, command: command, extra: extra) {
    case .exit(let status): return status
    case .ok(let v): p = v
    }
    guard let output = p.output else {
        return usageError("\(command): no output file (-o OUT\(suffix))")
    }
    guard let (source, scenario) = pickScenario(p.file ?? "", p.scenario, command: command) else { return 2 }
    var plotColumns: [TraceColumn]?
    if let list = p.columns {
        switch PlotColumns.parse(list, config: scenario.config) {
        case .failure(let e): return usageError("\(command): --columns: \(e.message)")
        case .success(let c): plotColumns = c
        }
    }
    let recording = PictureRecording(scenario, file: source.name, plotColumns: plotColumns)
    let text = command == "plot" ? PlotSVG.render(recording) : ReplayHTML.render(recording)
    if output == "-" {
        writeOut(text)
    } else if let problem = writePicture(path: output, text: text) {
        writeErr("scrollscript: \(problem)\n")
        return 2
    }
    // The failure as `run` says it (the picture is written: it shows where it failed).
    if let f = recording.failure {
        writeErr("FAIL  \(source.name)  \(quoteString(scenario.name))\n" + f.render(sourceLines: source.lines))
        return 1
    }
    return 0
}
