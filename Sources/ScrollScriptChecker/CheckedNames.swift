// What the checker resolved each name of a checked program to: the one resolution of
// names. Lowering (ScrollScriptRuntime/ExprResolution.swift, ResolvedProgram.swift) reads it instead of
// looking the names up again from their spelling.
import ScrollSim

/// The checker's resolution of the names of the statements it checked, keyed by where each
/// name is written (its byte offset in its file). Filled while a scenario (or a REPL entry)
/// is checked; a name that is not here was not resolved by the checker, and lowering turns
/// it into a failure (the checker refuses such programs, so none runs).
public struct CheckedNames: Equatable, Sendable {
    /// What a name stands for.
    public enum Ref: Equatable, Sendable {
        /// A plain observable (`offset`), or an indexed one (`section[I].y`) at the
        /// indexed expression.
        case observable(ObservableID)
        case tunable(TunableID)
        /// A state, in the family the checker read it in (a bare word compared with a
        /// state is read in that state's family).
        case state(StateID)
        /// A name bound by `let`: its value is in the interpreter's slot of that name.
        case boundByLet
        /// `min(...)`, `clamp(...)`: at the call.
        case function(BuiltinFunction)
        /// `tap toolbar`: at the statement.
        case view(ViewID)
        /// `tap header "TITLE"`: the section's index, at the title.
        case section(Int)
    }

    /// By byte offset (lookup only, never iterated).
    private var refs: [Int32: Ref] = [:]

    public init() {}

    /// Records that the name written at `l` stands for `ref` (a later record replaces an
    /// earlier one: a bare state word read again in another family).
    package mutating func record(_ ref: Ref, at l: SourceLocation) {
        refs[Int32(truncatingIfNeeded: l.offset)] = ref
    }

    /// What the name written at `l` stands for, nil when the checker did not resolve it.
    package func ref(at l: SourceLocation) -> Ref? {
        refs[Int32(truncatingIfNeeded: l.offset)]
    }

    /// How many names were resolved.
    package var count: Int { refs.count }
}
