// The checker's static types as it works with them: a plain value.

/// `StaticType` with a state's family named by its id, so that a type is a few bytes with
/// nothing to retain: the checker makes, copies and drops one for every expression it
/// types (a `StaticType` of a state holds the family's names and states, three objects
/// that every copy retains and every drop releases). A message gets the `StaticType`
/// (`Checker.shown`), the family's names looked up then.
package enum CheckType: Equatable, Sendable {
    case num(NumberDimension)
    case bool
    /// A state value of the family with this id.
    case state(StateFamilyID)
    case string
    case rect

    package init(_ t: StaticType) {
        switch t {
        case .num(let d): self = .num(d)
        case .bool: self = .bool
        case .state(let f): self = .state(f.id)
        case .string: self = .string
        case .rect: self = .rect
        }
    }

    package init(_ k: PlainKind) {
        switch k {
        case .quantity(let q): self = .num(.quantity(q))
        case .bool: self = .bool
        case .state(let f): self = .state(f)
        case .string: self = .string
        case .rect: self = .rect
        }
    }
}

extension Checker {
    /// `t` as a message names it: a state's family with its names and states.
    package func shown(_ t: CheckType) -> StaticType {
        switch t {
        case .num(let d): return .num(d)
        case .bool: return .bool
        case .state(let f): return .state(registry.family(f))
        case .string: return .string
        case .rect: return .rect
        }
    }
}
