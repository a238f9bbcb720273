import Foundation

/// Where the files that ship with SuperText (`Dictionaries/`, `public/`) are, when the working
/// directory does not hold them: beside the executable, or in the nearest directory above it
/// (the repository of a `swift build`, whose executables are in `.build/<triple>/<mode>/`; an
/// installation such as `/opt/supertext/bin/supertext` beside `/opt/supertext/Dictionaries`).
public enum InstalledFiles {
    /// Directories above the executable that are searched, its own included.
    static let levels = 5

    /// The directory `name` in the nearest of the executable's directory and those above it,
    /// symbolic links resolved; `nil` when none has it.
    public static func directory(named name: String, besideExecutable executable: String? = executablePath()) -> String? {
        guard let executable else { return nil }
        var directory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<levels {
            let candidate = directory.appendingPathComponent(name).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        return nil
    }

    /// The running executable's path.
    public static func executablePath() -> String? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath
    }
}
