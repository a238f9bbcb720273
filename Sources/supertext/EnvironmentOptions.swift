import ArgumentParser
import Foundation

/// A flag's value, else its environment variable's (an empty variable counts as unset): how
/// `serve` and `healthcheck` read the settings they share, so that both find the same address.
struct EnvironmentOptions {
    var environment = ProcessInfo.processInfo.environment

    func string(_ flag: String?, _ name: String) -> String? {
        flag ?? environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A number from the flag or the variable; a variable that is no number is a usage error that names it.
    func number<T: LosslessStringConvertible>(_ flag: T?, _ name: String) throws -> T? {
        if let flag { return flag }
        guard let raw = environment[name], !raw.isEmpty else { return nil }
        guard let value = T(raw) else { throw ValidationError("\(name)=\(raw) is not a valid number.") }
        return value
    }
}
