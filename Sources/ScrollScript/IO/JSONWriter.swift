// Writes a JSONValue as JSON text: the one JSON writer of the language server,
// `run --format jsonl`, `run --list`, the replay page's data and the editor grammars.
// (`trace --format jsonl` writes its rows straight into its byte buffer: see TraceWriter.)

public enum JSONWriter {
    /// `value` as JSON: compact (no spaces), or with `pretty` laid out for people (see
    /// below). An `.object`'s keys sorted by their UTF-8 bytes, a `.members` object's in its
    /// order; strings as `jsonString` (with `scriptSafe`, safe inside an HTML `<script>`
    /// element too: see `jsonString(_:forScript:)`); a `.double` in its shortest exact form
    /// (`0.1`, `1e+20`; a whole one without `.0`), a non-finite one as null (JSON has none);
    /// a `.formatted` number as it is.
    ///
    /// `pretty`: each member of an object and each element of an array on its own line,
    /// indented two spaces deeper than its bracket, `"key": value`; an array of scalars
    /// (no arrays or objects in it) on one line, `["a", "b"]`; an empty one `[]` / `{}`.
    public static func text(_ value: JSONValue, scriptSafe: Bool = false, pretty: Bool = false) -> String {
        var out = ""
        write(value, scriptSafe: scriptSafe, indent: pretty ? "" : nil, to: &out)
        return out
    }

    /// `indent`: the current line's indent when pretty, nil when compact.
    private static func write(_ value: JSONValue, scriptSafe: Bool, indent: String?, to out: inout String) {
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .int(let i): out.append(String(i))
        case .double(let d): out.append(number(d))
        case .formatted(let text): out.append(text)
        case .string(let s): out.append(jsonString(s, forScript: scriptSafe))
        case .array(let a):
            // An array of scalars stays on one line even when pretty.
            let inner = a.contains(where: \.isContainer) ? indent.map { $0 + "  " } : nil
            let separator = inner == nil && indent != nil ? ", " : ","
            out.append("[")
            for (n, v) in a.enumerated() {
                if n > 0 { out.append(separator) }
                if let inner { out.append("\n" + inner) }
                write(v, scriptSafe: scriptSafe, indent: inner, to: &out)
            }
            if let indent, inner != nil { out.append("\n" + indent) }
            out.append("]")
        case .object(let o):
            let sorted = o.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            writeMembers(sorted.map { JSONMember($0.key, $0.value) }, scriptSafe: scriptSafe, indent: indent, to: &out)
        case .members(let m):
            writeMembers(m, scriptSafe: scriptSafe, indent: indent, to: &out)
        }
    }

    private static func writeMembers(_ members: [JSONMember], scriptSafe: Bool, indent: String?, to out: inout String) {
        let inner = indent.map { $0 + "  " }
        out.append("{")
        for n in members.indices {
            if n > 0 { out.append(",") }
            if let inner { out.append("\n" + inner) }
            out.append(jsonString(members[n].key, forScript: scriptSafe))
            out.append(inner == nil ? ":" : ": ")
            write(members[n].value, scriptSafe: scriptSafe, indent: inner, to: &out)
        }
        if let indent, !members.isEmpty { out.append("\n" + indent) }
        out.append("}")
    }

    /// A double as JSON: Swift's shortest exact form, without a whole number's `.0`.
    private static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        var s = d.description
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}

private extension JSONValue {
    /// An array or an object (which pretty JSON lays out over lines).
    var isContainer: Bool {
        switch self {
        case .array, .object, .members: return true
        default: return false
        }
    }
}
