// An open document and the one conversion LSP needs: positions in UTF-16 code units
// (what LSP counts) to and from the front end's positions (lines, Unicode-scalar columns,
// byte offsets).
import Foundation

/// A position as LSP writes it: 0-based line, 0-based UTF-16 offset in the line.
public struct LSPPosition: Equatable, Sendable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    var json: JSONValue { ["line": .int(line), "character": .int(character)] }
}

public struct LSPRange: Equatable, Sendable {
    public var start: LSPPosition
    public var end: LSPPosition

    public init(_ start: LSPPosition, _ end: LSPPosition) {
        self.start = start
        self.end = end
    }

    var json: JSONValue { ["start": start.json, "end": end.json] }
}

/// The text of an open document, as bytes, with where each line starts.
public struct TextDocument: Sendable {
    public var uri: String
    public var version: Int
    public let bytes: [UInt8]
    /// Byte offset of each line's first byte (lines end at LF, as the lexer counts them).
    public let lineStarts: [Int]

    public init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        bytes = Array(text.utf8)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The file name diagnostics and a file without scenario blocks are named by: the
    /// path of a `file:` URI (percent-decoded), else the URI as it is.
    public var fileName: String {
        guard uri.hasPrefix("file://") else { return uri }
        let path = String(uri.dropFirst("file://".count))
        return path.removingPercentEncoding ?? path
    }

    public var source: SourceFile { SourceFile(name: fileName, bytes: bytes) }

    /// End of line `i`'s text (before its LF, and before a CR that precedes the LF).
    func lineEnd(_ i: Int) -> Int {
        var end = i + 1 < lineStarts.count ? lineStarts[i + 1] - 1 : bytes.count
        if end > lineStarts[i] && bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The first byte of line `i`'s text: after the BOM on the first line (which the lexer
    /// skips and does not count in columns).
    private func textStart(_ i: Int) -> Int {
        if i == 0 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { return 3 }
        return lineStarts[i]
    }

    /// One scalar at `i` (the text came from a Swift String: valid UTF-8): byte and UTF-16 lengths.
    @inline(__always)
    private func scalarAt(_ i: Int) -> (bytes: Int, utf16: Int) {
        let b = bytes[i]
        if b < 0x80 { return (1, 1) }
        if b < 0xE0 { return (2, 1) }
        if b < 0xF0 { return (3, 1) }
        return (4, 2)
    }

    /// The LSP position of a byte offset (clamped to the document; inside a line).
    public func position(ofByte offset: Int) -> LSPPosition {
        let target = max(0, min(offset, bytes.count))
        // The last line starting at or before the target.
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        let line = lo
        var i = lineStarts[line]
        var units = 0
        while i < target && i < bytes.count {
            let s = scalarAt(i)
            i += s.bytes
            units += s.utf16
        }
        return LSPPosition(line: line, character: units)
    }

    /// The byte offset of an LSP position; a character past the line's end means its end, a
    /// line past the last means the document's end.
    public func byteOffset(of p: LSPPosition) -> Int {
        guard p.line >= 0 else { return 0 }
        guard p.line < lineStarts.count else { return bytes.count }
        let end = lineEnd(p.line)
        var i = lineStarts[p.line]
        var units = 0
        while i < end && units < p.character {
            let s = scalarAt(i)
            i += s.bytes
            units += s.utf16
        }
        return i
    }

    /// The byte offset of a front-end position: 1-based line, 1-based column in Unicode
    /// scalars (clamped to the line).
    public func byteOffset(line: Int, column: Int) -> Int {
        guard line >= 1 else { return 0 }
        guard line <= lineStarts.count else { return bytes.count }
        let end = lineEnd(line - 1)
        var i = textStart(line - 1)
        var col = 1
        while i < end && col < column {
            i += scalarAt(i).bytes
            col += 1
        }
        return min(i, bytes.count)
    }

    /// The range a diagnostic or a node covers: from its line and column, `length` bytes,
    /// kept on its line. A zero length covers the character there (a caret, in an editor),
    /// when there is one.
    public func range(_ l: SourceLocation) -> LSPRange {
        let start = byteOffset(line: l.line, column: l.column)
        let lineIndex = max(0, min(l.line - 1, lineStarts.count - 1))
        let end = lineEnd(lineIndex)
        var stop = start + max(0, l.length)
        if l.length <= 0 && start < end { stop = start + scalarAt(start).bytes }
        stop = max(start, min(stop, max(end, start)))
        return LSPRange(position(ofByte: start), position(ofByte: stop))
    }

    /// The position just after the document's last character.
    public var endPosition: LSPPosition { position(ofByte: bytes.count) }
}
