import Foundation

// Source text and positions: the one place that knows about lines, columns and bytes.

/// An `Int` held in 32 bits, clamped to them when set (a source position: a file is at most
/// 64 MiB, and every AST node carries four of them).
@propertyWrapper
public struct Clamped32: Hashable, Sendable {
    private var stored: Int32

    public init(wrappedValue: Int) { stored = Int32(clamping: wrappedValue) }

    public var wrappedValue: Int {
        get { Int(stored) }
        set { stored = Int32(clamping: newValue) }
    }
}

/// A position in a source file. Lines and columns count from 1; columns count Unicode
/// scalars. `offset`/`length` are in bytes of the file (after nothing is stripped: a BOM
/// still counts in `offset`).
public struct SourceLocation: Equatable, Hashable, Sendable, Comparable {
    // Every AST node carries one, and is copied and freed with it: the file is a number
    // (see `SourceFileNames`), not a String, whose reference count every copy of a path
    // longer than 15 bytes would touch (8% of `check`'s time on a 60 MB file under /tmp).
    // The rest is 32-bit (a file is at most 64 MiB).
    private var fileID: Int32
    @Clamped32 public var line: Int
    @Clamped32 public var column: Int
    @Clamped32 public var offset: Int
    @Clamped32 public var length: Int

    /// The file's name as diagnostics print it.
    public var file: String {
        get { SourceFileNames.name(fileID) }
        set { fileID = SourceFileNames.id(newValue) }
    }

    public init(file: String, line: Int, column: Int, offset: Int = 0, length: Int = 0) {
        self.init(fileID: SourceFileNames.id(file), line: line, column: column, offset: offset, length: length)
    }

    /// A location in the file `SourceFileNames.id` gave `fileID` (the parser looks its
    /// file up once, not once per node).
    package init(fileID: Int32, line: Int, column: Int, offset: Int, length: Int) {
        self.fileID = fileID
        self.line = line
        self.column = column
        self.offset = offset
        self.length = length
    }

    /// Orders by file, line, column (then offset), for deterministic diagnostics.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        if a.fileID != b.fileID { return a.file < b.file }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        return a.offset < b.offset
    }
}

/// The names of the files locations point into, each stored once for the process: a
/// location holds a file's number. Names are never removed (a process sees few: the
/// files it reads, `<stdin>`, `<-e>`, `<repl>`...). Thread-safe.
package enum SourceFileNames {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var names: [String] = [""]
    nonisolated(unsafe) private static var ids: [String: Int32] = ["": 0]
    /// The last name looked up (most lookups repeat it: a String compare, no hashing).
    nonisolated(unsafe) private static var last = (name: "", id: Int32(0))

    /// The number of `name`, given on first sight.
    package static func id(_ name: String) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if name == last.name { return last.id }
        let id: Int32
        if let known = ids[name] {
            id = known
        } else {
            id = Int32(names.count)
            names.append(name)
            ids[name] = id
        }
        last = (name, id)
        return id
    }

    package static func name(_ id: Int32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return names[Int(id)]
    }
}

/// A loaded source file: its display name and its bytes.
public struct SourceFile: Sendable {
    /// The name diagnostics print (the path as given on the command line).
    public let name: String
    public let bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// The scenario name of a file with no scene/scenario blocks: its basename without `.scroll`.
    public var scenarioName: String {
        // `run <(...)`: a pipe's path, `/dev/fd/63`, is named whole ("63" says nothing).
        if name.hasPrefix("/dev/") || name.hasPrefix("/proc/") { return name }
        var base = name
        if let slash = base.lastIndex(of: "/") { base = String(base[base.index(after: slash)...]) }
        if base.hasSuffix(".scroll") { base = String(base.dropLast(".scroll".count)) }
        return base
    }

    /// The text of every line (without its line end), invalid UTF-8 shown as U+FFFD.
    /// Only for diagnostics: it is built on demand. (`SourceLines` finds one line without
    /// making a String of every line: for a large file.)
    public var lines: [String] {
        let index = SourceLines(self)
        return (1...index.count).map { index.sourceLine($0) ?? "" }
    }
}

/// What a diagnostic needs of a file: the text of one line.
public protocol SourceLineLookup {
    /// Line `number` (from 1) without its line end, invalid UTF-8 shown as U+FFFD; nil
    /// when the file has no such line.
    func sourceLine(_ number: Int) -> String?
}

extension Array: SourceLineLookup where Element == String {
    public func sourceLine(_ number: Int) -> String? {
        indices.contains(number - 1) ? self[number - 1] : nil
    }
}

/// A file's lines as an index of where each starts: a line becomes a String only when a
/// diagnostic shows it (a 60 MB file would otherwise be two million Strings). Lines end at
/// LF; a CR before it is not part of the line; a BOM is not part of the first line; the
/// text after the last LF is a line too (empty when the file ends with one).
public struct SourceLines: SourceLineLookup, Sendable {
    private let bytes: [UInt8]
    /// The byte offset where each line starts (32 bits: a file is at most 64 MiB + 1).
    private let starts: [UInt32]

    public init(_ source: SourceFile) {
        bytes = source.bytes
        var starts: [UInt32] = []
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        starts.append(hasBOM ? 3 : 0)
        bytes.withUnsafeBufferPointer { b in
            for i in b.indices where b[i] == 0x0A { starts.append(UInt32(truncatingIfNeeded: i + 1)) }
        }
        self.starts = starts
    }

    /// The number of lines (at least 1).
    public var count: Int { starts.count }

    public func sourceLine(_ number: Int) -> String? {
        guard number >= 1, number <= starts.count else { return nil }
        let start = Int(starts[number - 1])
        var end = number < starts.count ? Int(starts[number]) - 1 : bytes.count
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return decodeLine(bytes[start..<end])
    }
}

/// Decodes one UTF-8 scalar at `i`: (scalar, byte length), or nil when the bytes there are
/// not valid UTF-8 (overlong forms, surrogates and values past U+10FFFF are invalid).
@inline(__always)
package func decodeUTF8<C: RandomAccessCollection>(_ b: C, _ i: C.Index) -> (UInt32, Int)? where C.Element == UInt8, C.Index == Int {
    let end = b.endIndex
    let b0 = b[i]
    if b0 < 0x80 { return (UInt32(b0), 1) }
    func cont(_ k: Int) -> UInt32? {
        guard i + k < end else { return nil }
        let c = b[i + k]
        return c & 0xC0 == 0x80 ? UInt32(c & 0x3F) : nil
    }
    if b0 < 0xC2 { return nil }
    if b0 < 0xE0 {
        guard let c1 = cont(1) else { return nil }
        return ((UInt32(b0 & 0x1F) << 6) | c1, 2)
    }
    if b0 < 0xF0 {
        guard let c1 = cont(1), let c2 = cont(2) else { return nil }
        if b0 == 0xE0 && c1 < 0x20 { return nil }      // overlong
        if b0 == 0xED && c1 >= 0x20 { return nil }     // surrogates
        return ((UInt32(b0 & 0x0F) << 12) | (c1 << 6) | c2, 3)
    }
    if b0 < 0xF5 {
        guard let c1 = cont(1), let c2 = cont(2), let c3 = cont(3) else { return nil }
        if b0 == 0xF0 && c1 < 0x10 { return nil }      // overlong
        if b0 == 0xF4 && c1 >= 0x10 { return nil }     // past U+10FFFF
        return ((UInt32(b0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3, 4)
    }
    return nil
}

/// One line's bytes as a String, one U+FFFD per invalid byte (so columns match the lexer's).
package func decodeLine(_ b: ArraySlice<UInt8>) -> String {
    var s = String.UnicodeScalarView()
    var i = b.startIndex
    while i < b.endIndex {
        if let (v, n) = decodeUTF8(b, i), let u = Unicode.Scalar(v) {
            s.append(u)
            i += n
        } else {
            s.append("\u{FFFD}")
            i += 1
        }
    }
    return String(s)
}
