// Run-time errors and scenario failures as cases with their data, worded in one place
// (`RunProblem.message`). The interpreter records a case; callers match on it (an
// interrupted run, an invariant broken at some time), never on the wording.

import Foundation

/// The kind of a value met while running, as an error names it.
public enum RunValueKind: Equatable, Sendable {
    /// A number of a quantity; nil for a bare number.
    case number(Quantity?)
    case bool, state, string, rect

    /// `a distance (pt)`, `a number`, `a boolean`.
    public var name: String {
        switch self {
        case .number(let q): return ValueKind.quantity(q ?? .number).displayName
        case .bool: return ValueKind.bool.displayName
        case .state: return "a state"  // without its family's names: a value does not carry them
        case .string: return ValueKind.string.displayName
        case .rect: return ValueKind.rect.displayName
        }
    }
}

extension EvalValue {
    package var kind: RunValueKind {
        switch self {
        case .number(_, let q): return .number(q)
        case .bool: return .bool
        case .state: return .state
        case .string: return .string
        case .rect: return .rect
        }
    }
}

/// A `?` reached without a value to record: the expression as written and its value now.
public struct UnrecordedValue: Equatable, Sendable {
    public var subject: String
    public var value: Value

    package init(subject: String, value: Value) {
        (self.subject, self.value) = (subject, value)
    }
}

/// What to do about `?`s that were not recorded.
public enum RecordAdvice: Equatable, Sendable {
    /// `scrollscript run --update` records them (one `?`, or several).
    case runUpdate(count: Int)
    /// A value that is not a finite number cannot be recorded.
    case notFinite
    /// Advice the host gives in its own words (the REPL points at `:expect`).
    case host(String)
}

/// Why a scenario failed, or an expression could not be evaluated.
public enum RunProblem: Equatable, Sendable {
    // Failures of checks
    case expectationFalse
    /// `expect within T` ran out of time; `limit` is T in seconds, when known.
    case withinTimedOut(limit: Double?)
    /// An `expect always` did not hold after the frame at `time` (seconds).
    case invariantBroken(time: Double)
    /// Ctrl-C (or the host) stopped the scenario.
    case interrupted

    // Limits
    /// `settle` still moving after `Limits.settleSeconds`.
    case settleTimedOut
    /// More than `Limits.scenarioStatements` statements executed.
    case statementLimit
    /// More than `Limits.scenarioSeconds` of simulated time.
    case timeLimit
    /// One statement would take the scenario past `Limits.scenarioSeconds`.
    case statementPassesTimeLimit
    /// More than `Interpreter.maxOutputBytes` of `print`/`frames` output.
    case outputLimit

    // Statements
    case settleWithFingerDown
    /// `tap header "x"`: the title as written.
    case noSectionTitled(raw: String)
    /// A statement's argument that is not a number.
    case expectedNumber(RunValueKind)
    /// An argument that must be a whole number from 0 (`what` names it: `a section index`).
    case notWholeFromZero(what: WholeArgument, Double)
    /// The world refused an action (a tap while a finger is down, ...).
    case world(SimError)
    /// An error from elsewhere, as Swift describes it.
    case unexpected(String)

    // Behaviours (spec §8)
    /// A behaviour did what the world refuses (`World.fault`): its name, what, when;
    /// `subject` names what the fault is about (an observable, a view), or is the sentence
    /// of a behaviour that could not be made.
    case behaviourFault(behaviour: String, fault: BehaviourFault, time: Double, subject: String)
    /// A behaviour's observable read a number that is not finite.
    case behaviourValueNotFinite(behaviour: String, observable: String, value: Double)

    // Recording (`?`)
    /// `?` after an expression whose value is not a finite number.
    case cannotRecord(subject: String, value: Value)
    case noRecordedValue(seen: [UnrecordedValue], advice: RecordAdvice)

    // Expressions
    case unknownName(String)
    case unknownIndexedName(base: String, member: String)
    /// `section`/`row` with the wrong number of indexes (`need` wanted).
    case indexCount(base: String, need: Int)
    case expectationNotBool
    /// A `?` evaluated with no value recorded for it.
    case placeholderWithoutValue
    case noSuchSection(Int, count: Int)
    case noSuchRow(Int, section: Int, rows: Int)
    case badIndex(Value)
    case unaryNotApplicable(UnaryOp, RunValueKind)
    case needsBooleans(BinaryOp, RunValueKind)
    case needsNumbers(BinaryOp, RunValueKind, RunValueKind)
    case cannotAddOrSubtract(BinaryOp, RunValueKind, RunValueKind)
    case divisionByZero
    case cannotCompare(RunValueKind, RunValueKind)
    case rectsNotComparable
    case orderNeedsNumbers(CompareOp, RunValueKind)
    case badTolerance
    /// `a % b` with b = 0.
    case remainderByZero
    /// A `let` name read before its statement ran (a `let` in a `repeat 0`).
    case letNotBound(String)
    case unknownFunction(String)
    case functionArity(BuiltinFunction, found: Int)
    case functionNeedsNumbers(BuiltinFunction, RunValueKind)
    case functionMixesKinds(BuiltinFunction, RunValueKind, RunValueKind)
    /// `clamp(x, lo, hi)` with lo above hi, in the quantity of the values.
    case clampBoundsReversed(lo: Double, hi: Double, Quantity?)

    public var message: String {
        switch self {
        case .expectationFalse:
            return "expectation is false"
        case .withinTimedOut(let limit):
            return "expectation still false after " + (limit.map { formatFixed($0, 3) + " s" } ?? "its time limit")
        case .invariantBroken(let time):
            return "invariant broken at \(timeText(time))"
        case .interrupted:
            return "interrupted"
        case .settleTimedOut:
            return "settle: still moving after \(Int(Limits.settleSeconds)) s of simulated time"
        case .statementLimit:
            return "the scenario passed the limit of \(groupedDigits(Limits.scenarioStatements)) executed statements"
        case .timeLimit:
            return "the scenario passed the limit of \(Int(Limits.scenarioSeconds / 3600)) h of simulated time"
        case .statementPassesTimeLimit:
            return "this statement would pass the limit of \(Int(Limits.scenarioSeconds / 3600)) h of simulated time"
        case .outputLimit:
            return "the scenario passed the limit of \(Interpreter.maxOutputBytes / (1024 * 1024)) MiB of print and frames output"
        case .settleWithFingerDown:
            return "settle while a finger is down: release it first"
        case .noSectionTitled(let raw):
            return "no section is titled \(raw)"
        case .expectedNumber(let kind):
            return "expected a number, not \(kind.name)"
        case .notWholeFromZero(let what, let d):
            return "\(what.name) must be a whole number from 0, not \(formatFixed(d, 3))"
        case .world(let e):
            return e.message
        case .unexpected(let description):
            return description
        case .behaviourFault(let name, let fault, let time, let subject):
            return "behaviour '\(name)' " + fault.sentence(subject) + " at \(timeText(time))"
        case .behaviourValueNotFinite(let name, let observable, let value):
            return "behaviour '\(name)' reported \(observable) = \(plainNumber(value)): a value must be a finite number"
        case .cannotRecord(let subject, let value):
            return "cannot record \(subject): its value \(value.formatted) is not a finite number"
        case .noRecordedValue(let seen, let advice):
            let values = seen.map { "\($0.subject) is \($0.value.formatted)" }.joined(separator: ", ")
            return "no recorded value: \(values) here (" + advice.text + ")"
        case .unknownName(let name):
            return "unknown name '\(name)'"
        case .unknownIndexedName(let base, let member):
            return "unknown name '\(base)[...].\(member)'"
        case .indexCount(let base, let need):
            return "\(base) takes \(need) index\(need == 1 ? "" : "es")"
        case .expectationNotBool:
            return "an expectation must be true or false"
        case .placeholderWithoutValue:
            return "no recorded value for '?'"
        case .noSuchSection(let i, let count):
            return "there is no section \(i): the table has \(count) section\(count == 1 ? "" : "s")"
        case .noSuchRow(let j, let i, let rows):
            return "there is no row \(j) in section \(i): it has \(rows) row\(rows == 1 ? "" : "s")"
        case .badIndex(let v):
            return "an index must be a whole number from 0, not \(v.formatted)"
        case .unaryNotApplicable(let op, let kind):
            return "'\(op.rawValue)' cannot be applied to \(kind.name)"
        case .needsBooleans(let op, let kind):
            return "'\(op.rawValue)' needs booleans, not \(kind.name)"
        case .needsNumbers(let op, let a, let b):
            return "'\(op.rawValue)' needs numbers, not \(a.name) and \(b.name)"
        case .cannotAddOrSubtract(.remainder, let a, let b):
            return ExpressionWording.cannotTakeRemainder(a.name, b.name)
        case .cannotAddOrSubtract(let op, let a, let b):
            return "cannot \(op == .add ? "add" : "subtract") \(a.name) and \(b.name)"
        case .divisionByZero:
            return ExpressionWording.divisionByZero
        case .remainderByZero:
            return ExpressionWording.remainderByZero
        case .letNotBound(let name):
            return "'\(name)' has no value: the let that binds it has not run (a let inside repeat 0 never runs)"
        case .unknownFunction(let name):
            return "unknown function '\(name)'" + ExpressionWording.theFunctions
        case .functionArity(let f, let found):
            return "\(f.rawValue) takes \(f.valuesPhrase), found \(found)"
        case .functionNeedsNumbers(let f, let kind):
            return ExpressionWording.functionNeedsNumbers(f, found: kind.name)
        case .functionMixesKinds(let f, let a, let b):
            return ExpressionWording.functionMixesKinds(f, a.name, b.name)
        case .clampBoundsReversed(let lo, let hi, let q):
            let f = { (x: Double) in Value.number(x, q ?? .number).formatted }
            return "clamp's lower bound \(f(lo)) is above its upper bound \(f(hi))"
        case .cannotCompare(let a, let b):
            return ExpressionWording.cannotCompare(a.name, b.name)
        case .rectsNotComparable:
            return "rects can be printed but not compared"
        case .orderNeedsNumbers(let op, let kind):
            return "'\(op.rawValue)' needs numbers, not \(kind.name)"
        case .badTolerance:
            return "a tolerance must be a number at least 0"
        }
    }
}

/// A statement argument that must be a whole number from 0.
public enum WholeArgument: Equatable, Sendable {
    case sectionIndex, rowIndex, frameCount, repeatCount

    package var name: String {
        switch self {
        case .sectionIndex: return "a section index"
        case .rowIndex: return "a row index"
        case .frameCount: return "a frame count"
        case .repeatCount: return "a repeat count"
        }
    }
}

extension RecordAdvice {
    package var text: String {
        switch self {
        case .runUpdate(let count):
            return count == 1 ? "'scrollscript run --update' writes it in place of '?'"
                : "'scrollscript run --update' writes them in place of the '?'s"
        case .notFinite: return "a value that is not a finite number cannot be recorded"
        case .host(let advice): return advice
        }
    }
}

extension RunProblem {
    /// A behaviour's fault, its name and what it is about read from `world`'s registry.
    public init(_ f: BehaviourFaultReport, in world: World) {
        let registry = world.registry
        let subject: String
        switch f.fault {
        case .valueNotFinite(let k, _): subject = registry.observable(.behaviour(f.behaviour, k)).name
        case .frameNotFinite(let v, _), .undeclaredTapAnswer(let v): subject = registry.view(ViewID(f.behaviour, v)).name
        case .notCreated: subject = world.creationProblem ?? ""
        default: subject = ""
        }
        self = .behaviourFault(behaviour: registry.declaration(f.behaviour).name, fault: f.fault, time: f.time, subject: subject)
    }
}

extension BehaviourFault {
    /// What the behaviour did, after its name (`behaviour 'fade' ...`); `subject` names the
    /// observable or view the fault is about, or is a creation problem's sentence.
    package func sentence(_ subject: String) -> String {
        switch self {
        case .offsetNotFinite(let v):
            return "set the content offset to \(plainNumber(v)): an offset must be a finite number"
        case .insetNotFinite(let v):
            return "set a content inset to \(plainNumber(v)): an inset must be a finite number"
        case .targetNotFinite(let v):
            return "set targetContentOffset to \(plainNumber(v)): a fling's target must be a finite number"
        case .valueNotFinite(_, let v):
            return "reported \(subject) = \(plainNumber(v)): a value must be a finite number"
        case .frameNotFinite(_, let v):
            return "gave its view '\(subject)' a frame holding \(plainNumber(v)): a frame must be finite numbers"
        case .viewNotFinite(let v):
            return "set a view's frame or alpha to \(plainNumber(v)): they must be finite numbers"
        case .animationNotFinite(let v):
            return "started an animation with a duration or delay of \(plainNumber(v)): both must be finite and at least 0"
        case .undeclaredTapAnswer:
            return "answered a tap on its view '\(subject)' with a note or a receiving view its declaration does not list"
        case .notReplayable:
            return "answered differently when the world was made again from its inputs (a copy of a world that goes on running is made that way, with fresh instances given the same calls): a behaviour must answer the same calls the same way, without the wall clock, random numbers or state shared between instances"
        case .historyTooLong(let inputs):
            return "was in a copy of a world that went on running after \(groupedDigits(inputs)) inputs, more than a world keeps to make itself again"
        case .notCreated:
            return "could not be made: " + subject
        case .declaredNotFinite(let file, let line, let v):
            return "computed \(plainNumber(v)) at \(declarationFileName(SourceFileNames.name(file))):\(line): a value must be a finite number"
        }
    }
}

/// A number as a message shows a value that may not be finite: `nan`, `inf`, `-inf`, or up
/// to 3 decimals.
package func plainNumber(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v.isInfinite { return v < 0 ? "-inf" : "inf" }
    return formatFixed(v, 3)
}

/// A declaration's file as a message names it: an imported file is read by its full path
/// (DeclaredFiles.swift), shown relative to the current directory when it is under it.
package func declarationFileName(_ file: String) -> String {
    guard file.hasPrefix("/") else { return file }
    var here = FileManager.default.currentDirectoryPath
    if !here.hasSuffix("/") { here += "/" }
    return file.hasPrefix(here) ? String(file.dropFirst(here.count)) : file
}
