import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An immutable array of integers of a `SuggestionLexicon`: either its own memory (a lexicon just
/// built) or a view into the lexicon's file mapped read-only (`MappedFile`).
///
/// A mapped lexicon costs no private memory: its pages are the file's, shared by every worker and
/// every process that maps the same file, and only the pages a search touches are resident. The
/// five default languages' lexicons hold about 105 MB, which were the largest part of the
/// service's memory while they were copied into arrays.
struct LexiconArray<Element: FixedWidthInteger>: RandomAccessCollection, Equatable, @unchecked Sendable {
    private let base: UnsafeBufferPointer<Element>
    /// Keeps the memory alive: an `OwnedBuffer` or the `MappedFile`.
    private let owner: AnyObject?

    /// A copy of `array` in memory of its own.
    init(_ array: [Element]) {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
        _ = buffer.initialize(from: array)
        base = UnsafeBufferPointer(buffer)
        owner = OwnedBuffer(buffer)
    }

    /// `count` elements at `pointer`, which `owner` keeps valid.
    init(pointer: UnsafePointer<Element>?, count: Int, owner: AnyObject) {
        base = UnsafeBufferPointer(start: count > 0 ? pointer : nil, count: count)
        self.owner = owner
    }

    var startIndex: Int { 0 }
    var endIndex: Int { base.count }
    // The collection's basics on the type itself rather than the protocols' defaults: where the
    // compiler does not specialise a call (another file of an unoptimised-across-files build),
    // a default walked each index through witness tables (`supertext check` of one sentence took
    // 4.6 s with them in the debug build, 2.7 s without).
    var count: Int { base.count }
    var indices: Range<Int> { 0..<base.count }
    func index(after index: Int) -> Int { index + 1 }
    func index(before index: Int) -> Int { index - 1 }
    func formIndex(after index: inout Int) { index += 1 }
    func formIndex(before index: inout Int) { index -= 1 }
    func index(_ index: Int, offsetBy distance: Int) -> Int { index + distance }
    func distance(from start: Int, to end: Int) -> Int { end - start }
    func makeIterator() -> UnsafeBufferPointer<Element>.Iterator { base.makeIterator() }

    @inline(__always)
    subscript(position: Int) -> Element { base[position] }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try body(base)
    }

    /// Lets `Array(_:)` copy the elements at once.
    func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result? {
        try body(base)
    }

    static func == (left: Self, right: Self) -> Bool { left.elementsEqual(right) }

    /// Memory allocated for a lexicon built in this process.
    private final class OwnedBuffer {
        let buffer: UnsafeMutableBufferPointer<Element>
        init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
        deinit { buffer.deallocate() }
    }
}

/// A file mapped read-only into memory for as long as the object lives.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    /// Maps the file at `path`, or returns nil when it cannot be opened or mapped.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    /// Drops the pages read so far from this process's resident memory (they stay in the page
    /// cache and come back when read again): reading a whole file to validate it should not keep
    /// all of it resident.
    func releaseResidentPages() {
        #if canImport(Glibc)
        _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, Int32(MADV_DONTNEED))
        #endif
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
