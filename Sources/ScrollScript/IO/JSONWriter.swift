// Writes a JSONValue as compact JSON text: the one JSON writer of the language server,
// `run --format jsonl`, `run --list` and the replay page's data.

public enum JSONWriter {
    /// `value` as compact JSON (no spaces). An `.object`'s keys sorted by their UTF-8 bytes,
    /// a `.members` object's in its order; strings as `jsonString` (with `scriptSafe`, safe
    /// inside an HTML `<script>` element too: see `jsonString(_:forScript:)`); a `.double` in
    /// its shortest exact form (`0.1`, `1e+20`; a whole one without `.0`), a non-finite one
    /// as null (JSON has none); a `.formatted` number as it is.
    public static func text(_ value: JSONValue, scriptSafe: Bool = false) -> String {
        var out = ""
        write(value, scriptSafe: scriptSafe, to: &out)
        return out
    }

    static func write(_ value: JSONValue, scriptSafe: Bool, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += number(d)
        case .formatted(let text): out += text
        case .string(let s): out += jsonString(s, forScript: scriptSafe)
        case .array(let a):
            out += "["
            for (n, v) in a.enumerated() {
                if n > 0 { out += "," }
                write(v, scriptSafe: scriptSafe, to: &out)
            }
            out += "]"
        case .object(let o):
            let sorted = o.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            writeMembers(sorted.lazy.map { ($0.key, $0.value) }, scriptSafe: scriptSafe, to: &out)
        case .members(let m):
            writeMembers(m.lazy.map { ($0.key, $0.value) }, scriptSafe: scriptSafe, to: &out)
        }
    }

    private static func writeMembers<S: Sequence>(_ members: S, scriptSafe: Bool, to out: inout String)
    where S.Element == (String, JSONValue) {
        out += "{"
        var first = true
        for (k, v) in members {
            if !first { out += "," }
            first = false
            out += jsonString(k, forScript: scriptSafe)
            out += ":"
            write(v, scriptSafe: scriptSafe, to: &out)
        }
        out += "}"
    }

    /// A double as JSON: Swift's shortest exact form, without a whole number's `.0`.
    private static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        var s = d.description
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}
