// The REPL's own English (besides the diagnostics and failures it renders, which carry
// their problem's `message`): one case per thing the REPL says, its wording in `message`.

enum ReplMessage: Equatable {
    /// Why the session's history stopped replaying (`:save` quotes it).
    case stoppedPartWay(keyword: String, at: SourceLocation, time: Double)

    var message: String {
        switch self {
        case .stoppedPartWay(let keyword, let at, let time):
            return "'\(keyword)' (\(at.file):\(at.line)) was stopped part-way at \(replTimeLabel(time)), and a scenario file cannot stop it there"
        }
    }
}
