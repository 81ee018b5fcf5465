// JSON values for the language server, `run --format jsonl` and the replay page: read with
// Foundation's JSONDecoder, written by `JSONWriter` (the same value is the same bytes every time).
import Foundation

/// A JSON value. Whole numbers that fit an Int are `.int` (request ids, line numbers).
/// Parsing makes only `.null` ... `.object`; a writer of a document that must keep its
/// members in order or its numbers as it formats them builds `.members` and `.formatted`.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// An object written with its keys sorted (by their UTF-8 bytes).
    case object([String: JSONValue])
    /// An object written with its members in this order.
    case members([JSONMember])
    /// A number already formatted as JSON text (`12.5`), written as it is.
    case formatted(String)

    /// An object whose members are written in the order given.
    public static func ordered(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .members(members.map { JSONMember($0.key, $0.value) })
    }

    /// The member `key` of an object (nil for a missing member or a non-object).
    public subscript(_ key: String) -> JSONValue? {
        switch self {
        case .object(let o): return o[key]
        case .members(let m): return m.first { $0.key == key }?.value
        default: return nil
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// An integer: `.int`, or a `.double` that is whole and fits.
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d):
            guard d.isFinite, d == d.rounded(), abs(d) < 9e15 else { return nil }
            return Int(d)
        default: return nil
        }
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var isObject: Bool {
        switch self {
        case .object, .members: return true
        default: return false
        }
    }

    /// Parses one JSON document; throws for anything else. A lone UTF-16 surrogate escape
    /// (`"\ud800"`: JavaScript strings, so editors' documents, may hold one) is read as
    /// U+FFFD rather than failing the whole message.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            guard let repaired = replacingLoneSurrogates(bytes) else { throw error }
            return try JSONDecoder().decode(JSONValue.self, from: Data(repaired))
        }
    }

    /// `bytes` with every `\uD800`...`\uDFFF` escape that is not half of a pair replaced by
    /// `\uFFFD`; nil when there is none.
    static func replacingLoneSurrogates(_ bytes: [UInt8]) -> [UInt8]? {
        func hex(_ i: Int) -> Int? {
            guard i + 4 <= bytes.count else { return nil }
            var v = 0
            for k in 0..<4 {
                let b = bytes[i + k]
                switch b {
                case 0x30...0x39: v = v * 16 + Int(b - 0x30)
                case 0x41...0x46: v = v * 16 + Int(b - 0x41 + 10)
                case 0x61...0x66: v = v * 16 + Int(b - 0x61 + 10)
                default: return nil
                }
            }
            return v
        }
        func escape(at i: Int) -> Int? {
            guard i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 else { return nil }
            return hex(i + 2)
        }
        var out = bytes
        var changed = false
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x5C, i + 1 < bytes.count else { i += 1; continue }
            guard let v = escape(at: i) else { i += 2; continue }  // `\\`, `\"`, ...: skip both
            if (0xD800...0xDBFF).contains(v), let w = escape(at: i + 6), (0xDC00...0xDFFF).contains(w) {
                i += 12
                continue
            }
            if (0xD800...0xDFFF).contains(v) {
                out.replaceSubrange((i + 2)..<(i + 6), with: Array("FFFD".utf8))
                changed = true
            }
            i += 6
        }
        return changed ? out : nil
    }

    /// The value as compact JSON (see `JSONWriter`).
    public func encoded() -> [UInt8] { Array(JSONWriter.text(self).utf8) }

    /// A number: `.int` when whole, else `.double`; non-finite numbers become null (JSON has none).
    public static func number(_ d: Double) -> JSONValue {
        guard d.isFinite else { return .null }
        if d == d.rounded(), abs(d) < 9e15 { return .int(Int(d)) }
        return .double(d)
    }
}

extension JSONValue: Decodable {
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    public init(from decoder: Decoder) throws {
        if let c = try? decoder.container(keyedBy: MemberKey.self) {
            var o: [String: JSONValue] = [:]
            for k in c.allKeys { o[k.stringValue] = try c.decode(JSONValue.self, forKey: k) }
            self = .object(o)
            return
        }
        if var c = try? decoder.unkeyedContainer() {
            var a: [JSONValue] = []
            while !c.isAtEnd { a.append(try c.decode(JSONValue.self)) }
            self = .array(a)
            return
        }
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else { self = .string(try c.decode(String.self)) }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var o: [String: JSONValue] = [:]
        for (k, v) in elements { o[k] = v }
        self = .object(o)
    }
    public init(nilLiteral: ()) { self = .null }
}

/// One member of an ordered object (`JSONValue.members`).
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue
    public init(_ key: String, _ value: JSONValue) { (self.key, self.value) = (key, value) }
}
