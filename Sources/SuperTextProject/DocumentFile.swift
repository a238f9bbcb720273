import Foundation
import SuperTextCore

/// Reads a file to check, refusing what is not text: too large, binary (it holds a NUL byte),
/// or not UTF-8. The size is asked before reading, so a huge file costs nothing.
public enum DocumentFile {
    /// Largest file `supertext check` reads by default: 16 MiB, several long books.
    public static let defaultSizeLimit = 16 << 20

    public static func read(_ path: String, sizeLimit: Int = defaultSizeLimit) throws(FileSelection.Problem) -> String {
        func problem(_ reason: String) -> FileSelection.Problem { FileSelection.Problem(path: path, reason: reason) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw problem("no such file") }
        guard !isDirectory.boolValue else { throw problem("is a directory") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > sizeLimit {
            throw problem("is \(megabytes(size)), more than the \(megabytes(sizeLimit)) a file may be (--max-file-size)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw problem("cannot be read (permission denied?)") }
        return try decode(data, path: path)
    }

    /// `data` as text, or why it is not.
    public static func decode(_ data: Data, path: String) throws(FileSelection.Problem) -> String {
        if let zero = data.firstIndex(of: 0) {
            throw FileSelection.Problem(path: path, reason: "is a binary file (a NUL byte at byte \(zero - data.startIndex)), not text")
        }
        do {
            return try UTF8Validation.decode(data)
        } catch let error as SuperTextError {
            throw FileSelection.Problem(path: path, reason: error.message)
        } catch {
            throw FileSelection.Problem(path: path, reason: "is not UTF-8 text")
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) : "\(bytes) bytes"
    }
}
