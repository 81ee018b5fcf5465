// The one reader of a command's arguments: `check`, `run`, `fmt`, `explore` and the picture
// commands each say which options they take, and handle each argument in order.

/// The options one command takes.
struct CommandOptions {
    /// `check`: the name its usage errors begin with.
    let command: String
    /// Options that stand alone (`--strict`).
    var flags: [String] = []
    /// Options that take the next argument as their value (`--jobs 2`).
    var valued: [String] = []
    /// The options an unknown one is compared with for "did you mean" (its help's list).
    let known: [String]
    /// `--option=value` reads as `--option value`, for an option of `known`.
    var inlineValues = false
}

/// One argument, as a command handles it.
enum CommandArgument {
    /// A flag of `CommandOptions.flags`.
    case flag(String)
    /// An option of `CommandOptions.valued` and its value.
    case option(String, String)
    /// Anything else: a file, `-`, or any argument after `--`.
    case operand(String)
}

/// Reads `args` in order and hands each argument to `handle`, which returns nil to go on
/// or an exit status to stop with. An unknown option (the nearest of `known` suggested),
/// or a valued one at the end with no value, is a usage error (exit 2). Returns nil when
/// every argument was handled.
func readArguments(_ args: [String], _ options: CommandOptions, _ handle: (CommandArgument) -> Int32?) -> Int32? {
    var onlyOperands = false
    var i = 0
    while i < args.count {
        var a = args[i]
        i += 1
        if onlyOperands || a == "-" || !a.hasPrefix("-") {
            if let status = handle(.operand(a)) { return status }
            continue
        }
        if a == "--" { onlyOperands = true; continue }
        var inlineValue: String?
        if options.inlineValues, a.hasPrefix("--"), let eq = a.firstIndex(of: "="), options.known.contains(String(a[..<eq])) {
            inlineValue = String(a[a.index(after: eq)...])
            a = String(a[..<eq])
        }
        let argument: CommandArgument
        if options.flags.contains(a) {
            argument = .flag(a)
        } else if options.valued.contains(a) {
            if let v = inlineValue {
                argument = .option(a, v)
            } else {
                guard i < args.count else { return usageError("\(options.command): \(a) needs an argument") }
                argument = .option(a, args[i])
                i += 1
            }
        } else {
            return unknownOption(a, of: options.command, known: options.known)
        }
        if let status = handle(argument) { return status }
    }
    return nil
}
