// The sentences of expression errors that the checker (`CheckProblem`) and the runtime
// (`RunProblem`) both say: worded here once, so `check` and `run` say the same thing the
// same way. Each takes the names of the kinds involved, as its caller's kind type gives
// them (`StaticType`, `NumberDimension`, `RunValueKind`).

package enum ExpressionWording {
    /// `a / 0`.
    package static let divisionByZero = "division by zero"

    /// `a % 0` (the checker adds what `%` needs).
    package static let remainderByZero = "remainder of a division by zero"

    /// `a % b` of quantities that do not mix.
    package static func cannotTakeRemainder(_ a: String, _ b: String) -> String {
        "cannot take the remainder of \(a) divided by \(b)"
    }

    /// `a == b` of kinds that cannot be compared.
    package static func cannotCompare(_ a: String, _ b: String) -> String {
        "cannot compare \(a) with \(b)"
    }

    /// `min(offset, true)`: a function given a value that is not a number.
    package static func functionNeedsNumbers(_ f: BuiltinFunction, found: String) -> String {
        "'\(f.rawValue)' needs numbers, found \(found)"
    }

    /// `min(offset, time)`: values of quantities that do not mix.
    package static func functionMixesKinds(_ f: BuiltinFunction, _ a: String, _ b: String) -> String {
        "'\(f.rawValue)' needs values of one kind: \(a) and \(b) do not mix"
    }

    /// ` (the functions are abs, clamp, ...)`, after an unknown function's name.
    package static var theFunctions: String {
        " (the functions are \(BuiltinFunction.names.joined(separator: ", ")))"
    }
}
