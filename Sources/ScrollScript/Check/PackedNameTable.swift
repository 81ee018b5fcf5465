// Name lookup without String hashing (the checker's and lexer's word tables).

/// A lookup table from short ASCII names (at most 16 bytes) to values, keyed by the
/// name's bytes packed into two integers: no String hashing. `find` returns nil for any
/// name it does not hold (callers fall back to the full table). Lookup only, never iterated.
struct PackedNameTable<Value> {
    private var keys: [(UInt64, UInt64)]
    private var values: [Value?]
    private let mask: Int

    init(_ entries: [(String, Value)]) {
        var size = 64
        while size < entries.count * 4 { size *= 2 }
        keys = Array(repeating: (0, 0), count: size)
        values = Array(repeating: nil, count: size)
        mask = size - 1
        for (name, value) in entries {
            guard let (lo, hi) = PackedNameTable.pack(name) else { continue }
            var i = WordTable.hash(lo, hi) & mask
            while keys[i].0 != 0 && !(keys[i].0 == lo && keys[i].1 == hi) { i = (i + 1) & mask }
            keys[i] = (lo, hi)
            values[i] = value
        }
    }

    /// A non-empty ASCII name of at most 16 bytes, packed; nil otherwise.
    @inline(__always)
    static func pack(_ name: String) -> (UInt64, UInt64)? {
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

    func find(_ name: String) -> Value? {
        guard let (lo, hi) = PackedNameTable.pack(name) else { return nil }
        var i = WordTable.hash(lo, hi) & mask
        while keys[i].0 != 0 {
            if keys[i].0 == lo && keys[i].1 == hi { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }
}
