// Name lookup without String hashing: the one table type behind the registry's plain
// names (`registry.resolve`), the lexer's words (`WordTable`) and the subscript members.

/// A lookup table from names to values. A short ASCII name (at most 16 bytes, every name
/// of the built-in vocabulary) is keyed by its bytes packed into two integers: no String
/// hashing; any other name (a long or non-ASCII one a behaviour of one's own declares)
/// is kept apart, by its String. A name given twice keeps its last value. Lookup only,
/// never iterated.
///
/// Inlinable: its users are in other modules (the language library's lexer, checker and
/// guesses), where each is specialised for its value type (no generic code per lookup).
public struct PackedNameTable<Value> {
    @usableFromInline
    struct Slot {
        @usableFromInline var lo: UInt64 = 0
        @usableFromInline var hi: UInt64 = 0
        @usableFromInline var value: Value?

        @inlinable
        init(lo: UInt64 = 0, hi: UInt64 = 0, value: Value? = nil) {
            self.lo = lo
            self.hi = hi
            self.value = value
        }
    }

    /// Open addressing, a power of two at least four times the entry count.
    @usableFromInline var slots: [Slot]
    @usableFromInline let mask: Int
    /// The names that do not pack (lookup only).
    @usableFromInline var unpacked: [String: Value] = [:]

    @inlinable
    public init(_ entries: [(String, Value)]) {
        var size = 64
        while size < entries.count * 4 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
        mask = size - 1
        for (name, value) in entries {
            guard let (lo, hi) = PackedNameTable.pack(name) else {
                unpacked[name] = value
                continue
            }
            var i = PackedNameTable.hash(lo, hi) & mask
            while slots[i].lo != 0 && !(slots[i].lo == lo && slots[i].hi == hi) { i = (i + 1) & mask }
            slots[i] = Slot(lo: lo, hi: hi, value: value)
        }
    }

    /// A non-empty ASCII name of at most 16 bytes, packed; nil otherwise.
    @inlinable @inline(__always)
    public static func pack(_ name: String) -> (UInt64, UInt64)? {
        let packed = name.utf8.withContiguousStorageIfAvailable { bytes -> (UInt64, UInt64)? in
            guard !bytes.isEmpty, bytes.count <= 16 else { return nil }
            var lo: UInt64 = 0, hi: UInt64 = 0
            for k in 0..<bytes.count {
                let b = bytes[k]
                if b >= 0x80 { return nil }
                if k < 8 { lo |= UInt64(b) << (8 * UInt64(k)) } else { hi |= UInt64(b) << (8 * UInt64(k - 8)) }
            }
            return (lo, hi)
        }
        return packed ?? nil
    }

    @inlinable @inline(__always)
    public static func hash(_ lo: UInt64, _ hi: UInt64) -> Int {
        let h = (lo ^ (hi &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD
        return Int(truncatingIfNeeded: h >> 32)
    }

    /// The value of `name`, or nil.
    @inlinable
    public func find(_ name: String) -> Value? {
        guard let (lo, hi) = PackedNameTable.pack(name) else { return unpacked.isEmpty ? nil : unpacked[name] }
        return find(lo, hi)
    }

    /// The value of the name packed as `lo` (nonzero) and `hi`, or nil.
    @inlinable @inline(__always)
    public func find(_ lo: UInt64, _ hi: UInt64) -> Value? {
        var i = PackedNameTable.hash(lo, hi) & mask
        return slots.withUnsafeBufferPointer { s in
            while true {
                if s[i].lo == 0 { return nil }
                if s[i].lo == lo && s[i].hi == hi { return s[i].value }
                i = (i + 1) & mask
            }
        }
    }
}

extension PackedNameTable: Sendable where Value: Sendable {}
extension PackedNameTable.Slot: Sendable where Value: Sendable {}
