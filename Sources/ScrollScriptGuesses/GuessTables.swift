// The words other tools and plain English use, and what ScrollScript writes for each: one
// table per family of first guesses (statement words, units, directions, operators,
// literals, states, names, functions, assertion calls), for the core's names. The
// behaviours' words come from their declarations (GuessVocabulary.swift). `StatementGuesser`
// applies them. Keys are `guessKey`s: lower case, without `_`, `-` and `.`.
import ScrollScriptSyntax

/// `swipe_up` → `swipeup`, `XCTAssertEqual` → `xctassertequal`: how the tables are keyed.
package func guessKey(_ word: String) -> String {
    String(word.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != "." })
}

/// What a first word from another tool means.
package enum GuessVerb: Equatable {
    /// The statement with this keyword.
    case keyword(GrammarWord)
    /// `wait`, where a bare number is in `unit` (`usleep`: microseconds).
    case wait(bareUnit: String)
    /// The content moves by D (offset + D): the finger by -D.
    case scroll
    /// The content moves to an offset, the top or the bottom.
    case scrollTo
    /// flutter's `pump`: with a duration `wait`, without one `tick`.
    case pump
    case doubleTap
    /// `eventually`, `waitFor`: `expect within T`.
    case expectWithin
    /// `always`, `invariant`: `expect always`.
    case expectAlways
    /// `never`: `expect always not`.
    case expectNever
    /// `var`, `const`: `let`.
    case bindLet
    /// `loop`, `for`, `times`: `repeat N { ... }`.
    case repeatBlock
    /// `test`, `it`, `describe`: a `scenario` block.
    case scenario
    /// `setup`, `beforeEach`: the `scene` block.
    case scene
    /// A behaviour's configuration statement (`toolbar`, `accordion`).
    case configure(String)
}

package enum GuessTables {
    // MARK: - Statement words

    /// A first word of another tool or of plain English → the statement it means.
    package static let statementWords: [String: GuessVerb] = {
        var t: [String: GuessVerb] = [:]
        func add(_ v: GuessVerb, _ words: String) {
            for w in words.split(separator: " ") { t[String(w)] = v }
        }
        add(.wait(bareUnit: "s"), "sleep pause delay delayed run rest advance advancetime elapse passtime sleepfor waitforseconds waitseconds hold idlefor timeout")
        add(.wait(bareUnit: "ms"), "advancetimersbytime waitms sleepms delayms settimeout waitfortimeout")
        add(.wait(bareUnit: "us"), "usleep")
        add(.keyword(.tick), "step frame nextframe stepframe advanceframe tickframe steps")
        add(.pump, "pump")
        add(.keyword(.settle), "pumpandsettle waitforanimationtoend waitforanimations waitforanimation waitforidle waitidle waituntilidle waitforsettle settledown quiesce waitforquiescence waitforstable idle rest")
        add(.keyword(.pull), "pulldown pulltorefresh overscroll pullrefresh stretch")
        add(.keyword(.drag), "pan move dragby panby movefinger touchmove touchdrag dragfinger movebyoffset")
        add(.scroll, "scroll scrollby scrollview")
        add(.scrollTo, "scrollto setcontentoffset scrolltooffset scrollintoview")
        add(.keyword(.fling), "flick throw toss fastswipe swipefast flingby")
        add(.keyword(.tap), "press click touch tapon clickon presson touchon tapat clickat tapelement hit select")
        add(.doubleTap, "doubletap doubleclick dbltap")
        add(.keyword(.release), "lift liftfinger touchup touchend endtouch letgo releasefinger fingerup mouseup pointerup drop untouch")
        add(.keyword(.expect), "assert check verify should ensure then require asserttrue expectthat")
        add(.expectWithin, "eventually waitfor waituntil until waitforcondition")
        add(.expectAlways, "always invariant forever")
        add(.expectNever, "never")
        add(.keyword(.print), "log echo puts println printf dump debugprint nslog show display printline consolelog write writeln say p output debug inspect")
        add(.keyword(.frames), "showframes dumpframes layout printframes")
        add(.bindLet, "var const val define local my dim auto")
        add(.repeatBlock, "loop for times foreach each iterate repeattimes do")
        add(.scenario, "test it describe func scenario case spec context feature")
        add(.scene, "setup beforeeach beforeall given background config configure before")
        add(.keyword(.screen), "viewport window size resolution screensize device")
        add(.keyword(.fps), "framerate refreshrate hz")
        return t
    }()

    // MARK: - Units

    /// A unit written apart from its number or not one of `s ms pt`, and what it is.
    package struct Unit {
        /// `s`, `ms`, `pt`, `frames` (a count of `tick`), `velocity` (pt/s: bare).
        package var unit: String
        /// Multiplies the number into `unit` (`min` → 60 s, `us` → 0.001 ms).
        package var factor: Double
    }

    package static let units: [String: Unit] = {
        var t: [String: Unit] = [:]
        func add(_ u: String, _ f: Double, _ words: String) {
            for w in words.split(separator: " ") { t[String(w)] = Unit(unit: u, factor: f) }
        }
        add("s", 1, "s sec secs second seconds")
        add("ms", 1, "ms msec msecs millis milli millisecond milliseconds")
        add("s", 60, "min mins minute minutes")
        add("s", 3600, "h hr hrs hour hours")
        add("ms", 0.001, "us µs usec usecs microsecond microseconds")
        add("pt", 1, "pt pts point points px pixel pixels dp dip dips")
        add("frames", 1, "frame frames f ticks")
        add("plain", 1, "hz fps")
        return t
    }()

    /// Labels of another tool's arguments that give the unit of the number after them
    /// (`Duration(milliseconds: 300)`, `sleep(forTimeInterval: 0.5)`).
    package static let unitLabels: [String: String] = [
        "milliseconds": "ms", "millis": "ms", "ms": "ms",
        "seconds": "s", "secs": "s", "forTimeInterval": "s", "timeout": "s", "interval": "s",
        "microseconds": "us",
    ]

    // MARK: - Directions

    /// `up` → -1 (the finger moves up), `down` → +1.
    package static func direction(_ word: String) -> Int? {
        switch guessKey(word) {
        case "up", "upward", "upwards", "north": return -1
        case "down", "downward", "downwards", "south": return 1
        default: return nil
        }
    }

    // MARK: - Operators and literals

    /// Spellings of comparison and logic operators, longest phrases first.
    package static let operatorPhrases: [([String], String)] = [
        (["is", "not", "equal", "to"], "!="), (["not", "equal", "to"], "!="), (["does", "not", "equal"], "!="),
        (["is", "equal", "to"], "=="), (["is", "less", "than"], "<"), (["is", "greater", "than"], ">"),
        (["is", "at", "least"], ">="), (["is", "at", "most"], "<="),
        (["equal", "to"], "=="), (["less", "than"], "<"), (["greater", "than"], ">"),
        (["at", "least"], ">="), (["at", "most"], "<="), (["is", "not"], "!="),
        (["give", "or", "take"], "within"), (["with", "tolerance"], "within"), (["with", "accuracy"], "within"), (["doesn't", "equal"], "!="),
        (["to", "not", "be"], "!="), (["should", "not", "be"], "!="), (["not", "to", "be"], "!="), (["should", "not", "equal"], "!="),
        (["to", "be", "less", "than"], "<"), (["to", "be", "greater", "than"], ">"),
        (["to", "be", "at", "least"], ">="), (["to", "be", "at", "most"], "<="),
        (["to", "be", "about"], "~="), (["to", "be", "close", "to"], "~="), (["is", "close", "to"], "~="),
        (["is", "about"], "~="), (["is", "approximately"], "~="), (["is", "around"], "~="), (["is", "roughly"], "~="),
        (["approximately", "equal", "to"], "~="), (["approximately", "equals"], "~="), (["roughly", "equals"], "~="),
        (["is", "exactly"], "=="), (["equals", "exactly"], "=="), (["not", "equal", "to"], "!="), (["not", "equal"], "!="),
        (["not", "equals"], "!="), (["is", "positive"], "> 0"), (["is", "negative"], "< 0"), (["is", "zero"], "== 0"),
        (["is", "nonzero"], "!= 0"), (["to", "be", "positive"], "> 0"), (["to", "be", "negative"], "< 0"), (["to", "be", "zero"], "== 0"),
        (["close", "to"], "~="), (["to", "be"], "=="), (["to", "equal"], "=="), (["should", "be"], "=="),
        (["should", "equal"], "=="),
    ]

    /// One-token spellings (words and symbols) → ScrollScript's operator.
    package static let operatorWords: [String: String] = [
        "is": "==", "equals": "==", "equal": "==", "eq": "==", "===": "==", "=": "==",
        "isnt": "!=", "isn't": "!=", "aren't": "!=", "!==": "!=",
        "≧": ">=", "≦": "<=", "≒": "~=", "≐": "~=", "≅": "~=", "≃": "~=", "＞": ">", "＜": "<", "≮": ">=", "≯": "<=", "<>": "!=", "≠": "!=", "ne": "!=", "neq": "!=",
        "≤": "<=", "=<": "<=", "le": "<=", "lte": "<=", "≥": ">=", "=>": ">=", "ge": ">=", "gte": ">=",
        "lt": "<", "gt": ">",
        "≈": "~=", "~": "~=", "approx": "~=", "approximately": "~=", "about": "~=", "roughly": "~=", "nearly": "~=",
        "±": "within", "+-": "within", "+/-": "within", "tolerance": "within", "accuracy": "within", "plusminus": "within",
        "&&": "and", "&": "and", "||": "or", "|": "or", "!": "not", "=~": "~=",
        "AND": "and", "And": "and", "OR": "or", "Or": "or", "NOT": "not", "Not": "not",
        "mod": "%", "modulo": "%", "×": "*", "·": "*", "÷": "/", "−": "-", "–": "-",
    ]

    /// Literals of other languages → ScrollScript's (`nil` is the empty text: what
    /// `tap.target` is before any tap).
    package static let literals: [String: String] = [
        "yes": "true", "YES": "true", "Yes": "true", "True": "true", "TRUE": "true",
        "no": "false", "NO": "false", "No": "false", "False": "false", "FALSE": "false",
        "nil": "\"\"", "null": "\"\"", "NULL": "\"\"", "None": "\"\"", "undefined": "\"\"", "none": "\"\"",
    ]

    // MARK: - States

    /// Words for a state of `phase` → the state (or, for "scrolling", the comparison that
    /// means it). A behaviour's state words are its declaration's (`GuessVocabulary.stateWord`).
    package static func phaseStateWord(_ word: String) -> (op: String, state: String)? {
        let k = guessKey(word)
        if let s = StateFamily.phase.names.first(where: { $0 == k }) { return ("==", s) }
        switch k {
        case "stopped", "still", "resting", "rest", "stationary", "settled", "inactive", "static", "none", "notmoving":
            return ("==", "idle")
        case "tracking", "touching", "panning", "dragged", "pulling", "held", "holding", "touched", "drag":
            return ("==", "dragging")
        case "coasting", "gliding", "momentum", "flinging", "decelerate", "inertia", "fling":
            return ("==", "decelerating")
        case "bounce", "rubberbanding", "rubberband", "overscrolling", "springing", "overscroll":
            return ("==", "bouncing")
        case "scrolling", "moving", "animating":
            return ("!=", "idle")
        default: return nil
        }
    }

    // MARK: - Names

    /// Names from UIKit and other spellings → the ScrollScript expression they mean.
    package static let names: [String: String] = {
        var t: [String: String] = [:]
        func add(_ meaning: String, _ words: String) {
            for w in words.split(separator: " ") { t[String(w)] = meaning }
        }
        add("offset", "contentoffset contentoffsety offsety yoffset scrolloffset scrollposition scrolly contentoffsetvalue position")
        add("velocity", "velocityy scrollvelocity speed contentvelocity")
        add("content.height", "contentsize contentsizeheight contentheight")
        add("inset.top", "contentinset contentinsettop adjustedcontentinsettop insettop safeareatop")
        add("deceleration", "decelerationrate")
        add("finger.down", "istracking istouching touching fingerdown istouchdown touchdown isfingerdown")
        add("phase == dragging", "isdragging dragging")
        add("phase == decelerating", "isdecelerating decelerating")
        add("phase == bouncing", "isbouncing bouncing")
        add("phase == idle", "isidle idle isstopped isatrest")
        add("phase != idle", "isscrolling scrolling ismoving moving")
        add("finger.translation", "translation pantranslation translationy pangesturerecognizertranslation")
        add("time", "elapsed elapsedtime now currenttime clock t timestamp simtime seconds duration timeelapsed elapsedseconds")
        add("screen.height", "bounds boundsheight frameheight viewheight viewportheight screenheight windowheight")
        add("screen.width", "boundswidth framewidth viewwidth viewportwidth windowwidth")
        add("offset.max", "maxoffset maxcontentoffset bottomoffset maxscroll")
        add("offset.min", "minoffset mincontentoffset topoffset minscroll")
        add("content.remaining", "remaining distancetobottom remainingdistance")
        add("section.height", "sectionheaderheight")
        add("tap.target", "tappedtarget lasttap tapped lasttapped")
        return t
    }()

    /// Other names of the table's views (`cell` → `row`); a behaviour's are its
    /// declaration's (`headerView` → `header`).
    package static let views: [String: String] = [
        "sectionheader": "section", "sectionheaderview": "section", "sections": "section", "headers": "section",
        "cell": "row", "cells": "row", "rows": "row", "item": "row", "items": "row", "tableviewcell": "row",
        "finger": "finger", "touch": "finger",
    ]

    /// The words a view and its state in words may start with (`section 0 is open`, `the
    /// finger is up`); each behaviour's namespace is one too.
    package static let subjects: Set<String> = ["section", "row", "finger", "phase"]

    /// Words for the scrolling itself, whose state is `phase` (`scrolling stopped`).
    package static let phaseWords: Set<String> = ["scrolling", "scroll", "scrollview", "motion", "movement", "deceleration", "it", "list", "table", "content", "everything", "animation", "animations", "bounce", "bouncing"]

    /// Words of plain English a statement does without (tried when the statement with
    /// them reads as nothing).
    package static let stopWords: Set<String> = [
        "the", "a", "an", "now", "please", "just", "initially", "vertically", "horizontally", "again", "also", "first",
        "finally", "immediately", "really", "further", "some", "bit", "little", "more", "all", "way", "each", "that",
        "which", "very", "slightly", "quite", "this", "it", "its", "has", "have", "mode", "manually", "automatically",
        "simply", "only", "even", "actually", "then", "by", "default", "starts", "start", "initial", "of", "is", "be", "view",
        "should", "will", "must", "to",
    ]

    /// Two words that are one statement word (`frame rate`, `stop touching`).
    package static let twoWordVerbs: [String: GuessVerb] = [
        "framerate": .keyword(.fps), "stoptouching": .keyword(.release), "stoptouch": .keyword(.release),
        "endtouch": .keyword(.release), "removefinger": .keyword(.release), "fingerup": .keyword(.release),
        "liftfinger": .keyword(.release), "letgo": .keyword(.release), "doubletap": .doubleTap, "doubleclick": .doubleTap,
        "nextframe": .keyword(.tick), "liftup": .keyword(.release), "framespersecond": .keyword(.fps),
        "framepersecond": .keyword(.fps), "touchup": .keyword(.release), "touchend": .keyword(.release),
        "mouseup": .keyword(.release), "pointerup": .keyword(.release),
    ]

    /// Number words of plain English.
    package static let numberWords: [String: String] = [
        "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
        "eight": "8", "nine": "9", "ten": "10", "half": "0.5",
    ]

    /// Receivers another tool writes before a name (`scrollView.contentOffset`).
    package static let receivers: Set<String> = ["self", "scrollView", "tableView", "collectionView", "app", "view", "table", "list", "world", "sv", "tv", "scroll"]

    /// Properties of a table's view written as another tool's (`row.isVisible`) → the
    /// expression meant, with `$` standing for the view (`section[0]`, `row[0,1]`), for
    /// each view kind; a behaviour's are its declaration's (`GuessVocabulary.property`).
    package static func property(_ member: String, of view: String) -> String? {
        let k = guessKey(member)
        switch view {
        case "row":
            switch k {
            case "isvisible", "shown", "isshown", "displayed", "isdisplayed", "onscreen", "ishittable", "visible": return "$.visible"
            case "hidden", "ishidden", "offscreen", "invisible": return "not $.visible"
            case "name", "text", "label": return "$.title"
            case "top", "miny", "originy": return "$.y"
            default: return nil
            }
        case "section":
            switch k {
            case "isopen", "expanded", "isexpanded", "opened", "open": return "$.open"
            case "closed", "isclosed", "collapsed", "iscollapsed", "folded": return "not $.open"
            case "count", "rowcount", "numberofrows", "numrows", "items": return "$.rows"
            case "name", "text", "label": return "$.title"
            case "top", "miny", "originy": return "$.y"
            default: return nil
            }
        case "finger":
            switch k {
            case "up", "isup", "lifted", "islifted", "released", "isreleased": return "not $.down"
            case "isdown", "pressed", "ispressed", "touching", "istouching", "active", "isactive", "down": return "$.down"
            default: return nil
            }
        case "phase":
            switch k {
            case "stopped", "stop", "stops", "finished", "finish", "done", "ended", "over", "complete", "settled": return "phase == idle"
            default: return GuessTables.phaseStateWord(k).map { "phase \($0.op) \($0.state)" }
            }
        default:
            return nil
        }
    }

    /// The parts of a frame another tool reads → the name's own member.
    package static func frameMember(_ path: [String]) -> String? {
        switch path.map(guessKey).joined(separator: ".") {
        case "frame.height", "frame.size.height", "size.height", "bounds.height", "bounds.size.height": return "height"
        case "frame.origin.y", "frame.miny", "origin.y", "miny", "frame.y", "top", "frame.top", "originy", "topy", "header.y", "view.y": return "y"
        case "frame.maxy", "maxy", "frame.bottom", "bottomy": return "bottom"
        default: return nil
        }
    }

    /// Words a behaviour's configuration statement does without (`toolbar height 44`,
    /// `accordion on`), besides those it declares itself.
    package static let configurationFillers: Set<String> = ["=", "height", "on", "true", "yes", "enabled", "visible", "shown", "show",
                                                    "of", "at", "to", "with", ",", "size"]

    // MARK: - Functions

    /// Function names of other languages → the built-in function (`%` for `fmod`, and
    /// `ceil` as `-floor(-x)`).
    package static let functions: [String: String] = [
        "fabs": "abs", "absolute": "abs", "abs": "abs", "fabsf": "abs",
        "fmin": "min", "minimum": "min", "min": "min", "fmax": "max", "maximum": "max", "max": "max",
        "floorf": "floor", "floor": "floor", "rint": "round", "lround": "round", "roundf": "round", "round": "round", "nearest": "round",
        "fmod": "%", "fmodf": "%", "mod": "%", "remainder": "%",
        "ceil": "ceil", "ceiling": "ceil", "ceilf": "ceil",
        "clamp": "clamp", "clamped": "clamp", "constrain": "clamp",
    ]

    /// Methods of Swift and JavaScript numbers → the function (`x.rounded()` → `round(x)`).
    package static let methods: [String: String] = [
        "rounded": "round", "round": "round", "magnitude": "abs", "abs": "abs",
        "truncatingremainder": "%", "remainder": "%", "clamped": "clamp", "floor": "floor",
    ]

    // MARK: - Assertion calls and matchers

    /// What an assertion function or a matcher checks: a comparison, truth, or falsity.
    package enum Check: Equatable {
        case compare(String)
        case truthy
        case falsy
    }

    /// XCTest, JUnit, Jest, flutter_test and Hamcrest names → what they check.
    package static let checks: [String: Check] = {
        var t: [String: Check] = [:]
        func add(_ c: Check, _ words: String) {
            for w in words.split(separator: " ") { t[String(w)] = c }
        }
        add(.compare("=="), "xctassertequal assertequal assertequals asserteq expectequal equals equal toequal tobe tostrictequal isequalto equalto eq shouldequal shouldbe is assertthatequals strictequal deepequal deepstrictequal")
        add(.compare("!="), "xctassertnotequal assertnotequal assertnotequals tonotequal isnotequalto notequals ne")
        add(.compare("<"), "xctassertlessthan assertless asserttrueless tobelessthan lessthan islessthan lt below")
        add(.compare("<="), "xctassertlessthanorequal assertlessequal tobelessthanorequal lessthanorequal lessthanorequalto islessthanorequalto le")
        add(.compare(">"), "xctassertgreaterthan assertgreater tobegreaterthan greaterthan isgreaterthan gt above")
        add(.compare(">="), "xctassertgreaterthanorequal assertgreaterequal tobegreaterthanorequal greaterthanorequal greaterthanorequalto isgreaterthanorequalto ge")
        add(.compare("~="), "tobecloseto closeto isclose isclosetoo assertalmostequal xctassertequalwithaccuracy approximately")
        add(.truthy, "xctasserttrue asserttrue tobetruthy istrue tobetrue xctassert assert check verify ensure expect expectthat assertthat")
        add(.falsy, "xctassertfalse assertfalse tobefalsy isfalse tobefalse")
        return t
    }()
}
