// A file's declarations (spec §2, §9) copied into a file written from it elsewhere:
// `explore`'s counterexample, the REPL's `:save`. Such a file must run as the original
// does, so it carries what makes its `use` lines known: the `import` lines, their paths
// made valid from the new file's folder, and the `behaviour` blocks verbatim.
import Foundation

/// One declaration item as text for a file written in `destinationDirectory`, read from
/// `bytes` (the text the item was parsed from, in `sourceDirectory`).
public enum DeclarationCopy {
    /// The text of `item`: a `behaviour` block as written (from its keyword to its closing
    /// brace), or `import "PATH"` with PATH made valid from `destinationDirectory`.
    public static func text(of item: DeclarationItem, bytes: [UInt8], sourceDirectory: String,
                            destinationDirectory: String) -> String {
        switch item {
        case .import(let literal, _):
            let full = absolute(literal.value, in: sourceDirectory)
            return importLine(full, destinationDirectory: destinationDirectory)
        case .behaviour(let b):
            let start = b.location.offset
            let end = blockEnd(bytes, from: b.nameLocation.offset + b.nameLocation.length)
            guard start >= 0, start < end, end <= bytes.count else { return "" }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
    }

    /// `import "PATH"` for the file at absolute path `full`, PATH relative to
    /// `destinationDirectory` (absolute when they share no folder but the root).
    public static func importLine(_ full: String, destinationDirectory: String) -> String {
        "import " + quoteString(relativePath(to: full, from: destinationDirectory))
    }

    /// Every item of `items`, one after another, and a blank line after the last (empty
    /// when there are none).
    public static func text(of items: [DeclarationItem], source: SourceFile, destination: String) -> String {
        guard !items.isEmpty else { return "" }
        let from = directory(of: source.name), to = directory(of: destination)
        return items.map { text(of: $0, bytes: source.bytes, sourceDirectory: from, destinationDirectory: to) + "\n" }
            .joined() + "\n"
    }

    /// The folder a file named `name` is in, absolute (a name that is no path — `<repl>`,
    /// `-` — is in the current directory): where its relative imports are read from.
    public static func directory(of name: String) -> String {
        if name.hasPrefix("<") || name == "-" { return FileManager.default.currentDirectoryPath }
        return URL(fileURLWithPath: name).deletingLastPathComponent().standardizedFileURL.path
    }

    /// `path` as an absolute, standardized path (relative ones are read from `directory`).
    public static func absolute(_ path: String, in directory: String) -> String {
        URL(fileURLWithPath: path.hasPrefix("/") ? path : directory + "/" + path).standardizedFileURL.path
    }

    /// The path of absolute `target` from absolute folder `directory` (`../lib/a.scroll`).
    public static func relativePath(to target: String, from directory: String) -> String {
        let t = target.split(separator: "/").map(String.init)
        let d = directory.split(separator: "/").map(String.init)
        var common = 0
        while common < t.count - 1, common < d.count, t[common] == d[common] { common += 1 }
        if common == 0 { return target }
        return (Array(repeating: "..", count: d.count - common) + t[common...]).joined(separator: "/")
    }

    /// The offset just past the `}` that closes the first `{` at or after `from` (strings
    /// and comments skipped); the end of `bytes` when it is not closed.
    static func blockEnd(_ bytes: [UInt8], from: Int) -> Int {
        var i = max(0, from), depth = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "#"):
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                continue
            case UInt8(ascii: "\""):
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\n") {
                    if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                    i += 1
                }
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return i + 1 }
            default: break
            }
            i += 1
        }
        return bytes.count
    }
}
