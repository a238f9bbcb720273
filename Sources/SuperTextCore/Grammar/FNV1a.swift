/// The 64-bit FNV-1a hash: stable across runs (unlike `Hasher`) and cheap on short strings; the
/// hash of word counts, interned strings and cache file names.
struct FNV1a {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte: byte) }
    }

    /// One byte; not generic, so that a caller in another file runs it unspecialised for free.
    @inline(__always)
    mutating func add(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The hash of `bytes`.
    @_specialize(where S == UnsafeRawBufferPointer)
    @_specialize(where S == UnsafeBufferPointer<UInt8>)
    static func hash<S: Sequence<UInt8>>(_ bytes: S) -> UInt64 {
        var hasher = FNV1a()
        hasher.add(bytes)
        return hasher.value
    }
}
