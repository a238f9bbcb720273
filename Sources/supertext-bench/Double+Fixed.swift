import Foundation

/// `value` with `digits` digits after the point, for the report.
func fixed(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
}
