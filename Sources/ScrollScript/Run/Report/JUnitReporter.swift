// `run --junit FILE`: JUnit XML as Jenkins, GitLab and GitHub test reporters read it.
//
//     <?xml version="1.0" encoding="UTF-8"?>
//     <testsuites name="scrollscript" tests="3" failures="1" errors="1" time="0.800">
//       <testsuite name="scenarios/a.scroll" tests="2" failures="1" errors="0" time="0.800">
//         <testcase classname="scenarios.a" name="pull" time="0.400" file="scenarios/a.scroll" line="3">
//           <failure message="expectation is false" type="failure">scenarios/a.scroll:9:3: error: ...</failure>
//           <system-out>t = 0.400 s: offset = 120.00</system-out>
//         </testcase>
//       ...
//
// A file that could not run is a testsuite with one testcase (named after the file) that
// holds an `<error>` (under `--strict`, a file that warned is one). The warnings of a file
// that runs end its testsuite, as `<system-err>` (they are no test case). Times are simulated seconds. Nothing depends on the clock or the
// machine, so the file is the same on every run. It is streamed: a file's testcases are
// kept until the file ends, then appended to an unlinked temporary file; at the end the
// report (root element with the totals, then that body) is written to a new temporary file
// next to FILE, flushed, and renamed over FILE — a reader never sees half a report.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public final class JUnitReporter: RunReporter {
    private let path: String
    private let finalTemp: String
    private var finalFD: Int32
    private var bodyFD: Int32
    private var suite = ""
    private var suiteFile: String?
    private var suiteTests = 0, suiteFailures = 0, suiteErrors = 0
    private var suiteTime = 0.0
    /// The rendered warnings of the file of this testsuite (its <system-err>).
    private var suiteWarnings = ""
    private var totalTime = 0.0
    /// Why the report could not be written, once `finish` has run (nil: written).
    public private(set) var failure: String?

    /// Creates the temporary files next to `path` at once, so a report that cannot be
    /// written is refused before anything runs. Throws a one-line reason.
    public init(path: String) throws(JUnitWriteError) {
        self.path = path
        func failure(_ reason: String) -> JUnitWriteError {
            JUnitWriteError(message: "cannot write JUnit report '\(path)': \(reason)")
        }
        // A symbolic link keeps pointing where it did: its target is replaced. Something
        // that is not a regular file (/dev/stdout, a pipe) is written straight into.
        var target = path
        var st = stat()
        if stat(path, &st) == 0 {
            let kind = st.st_mode & S_IFMT
            if kind == S_IFDIR { throw failure("it is a directory") }
            if kind != S_IFREG {
                direct = true
            } else if let resolved = realpath(path, nil) {
                target = String(cString: resolved)
                free(resolved)
            }
        }
        self.target = target
        var dir: String
        if let slash = target.lastIndex(of: "/") {
            dir = slash == target.startIndex ? "/" : String(target[..<slash])
        } else {
            dir = "."
        }
        if direct { dir = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp" }
        func temp(_ suffix: String) throws(JUnitWriteError) -> (Int32, String) {
            var template = Array("\(dir)/.scrollscript-junit-\(suffix)-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { buf -> Int32 in
                guard let p = buf.baseAddress else { return -1 }
                return mkstemp(p)
            }
            guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
            return (fd, template.withUnsafeBufferPointer { b in b.baseAddress.map { String(cString: $0) } ?? "" })
        }
        let (b, bodyPath) = try temp("body")
        unlink(bodyPath)  // anonymous: it disappears with the process, whatever happens
        bodyFD = b
        if direct {
            finalFD = open(path, O_WRONLY | O_TRUNC)
            finalTemp = ""
            if finalFD < 0 {
                let reason = String(cString: strerror(errno))
                close(b)
                throw failure(reason)
            }
            return
        }
        do {
            (finalFD, finalTemp) = try temp("report")
        } catch {
            close(b)
            throw error
        }
    }

    /// Written straight into `path` (not a regular file), not renamed over it.
    private var direct = false
    /// The file that is replaced (`path`, or the file its links lead to).
    private let target: String

    deinit {
        if bodyFD >= 0 { close(bodyFD) }
        if finalFD >= 0 {
            close(finalFD)
            if !direct { unlink(finalTemp) }
        }
    }

    /// `scenarios/a.scroll` -> `scenarios.a`: the file's path without `./` in front and
    /// `.scroll` at the end, `/` as `.` (Jenkins groups classnames by their dots).
    public static func className(_ file: String) -> String {
        var f = Substring(file)
        while f.hasPrefix("./") { f = f.dropFirst(2) }
        if f.hasSuffix(".scroll") { f = f.dropLast(".scroll".count) }
        return f.replacingOccurrences(of: "/", with: ".")
    }

    public func handle(_ event: RunEvent) {
        switch event {
        case .recorded:
            break
        case .fileFailed(let f):
            startSuite(f.file)
            suiteTests += 1
            suiteErrors += 1
            let name = SourceFile(name: f.file, bytes: []).scenarioName
            suite += "    <testcase classname=\"\(xmlAttribute(Self.className(f.file)))\" name=\"\(xmlAttribute(name))\" time=\"0.000\" file=\"\(xmlAttribute(f.file))\">\n"
            suite += "      <error message=\"\(xmlAttribute(f.summary))\" type=\"\(f.unreadable ? "unreadable" : "check")\">\(xmlText(f.rendered))</error>\n"
            suite += "    </testcase>\n"
        case .fileWarnings(let w):
            // Warnings stop nothing and are no test case: the file's testsuite ends with
            // them, as its <system-err> (standard error has them too).
            startSuite(w.file)
            suiteWarnings += w.rendered
        case .scenario(let o):
            startSuite(o.file)
            let r = o.result
            suiteTests += 1
            suiteTime += r.duration
            totalTime += r.duration
            suite += "    <testcase classname=\"\(xmlAttribute(Self.className(o.file)))\" name=\"\(xmlAttribute(r.name))\" time=\"\(formatFixed(r.duration, 3))\" file=\"\(xmlAttribute(o.file))\" line=\"\(o.scenario.location.line)\">\n"
            if let f = r.failure {
                suiteFailures += 1
                let text = o.renderedFailure ?? f.render(sourceLines: [])
                suite += "      <failure message=\"\(xmlAttribute(f.message))\" type=\"failure\">\(xmlText(text))</failure>\n"
            }
            if !r.output.isEmpty {
                suite += "      <system-out>\(xmlText(r.output.joined(separator: "\n") + "\n"))</system-out>\n"
            }
            suite += "    </testcase>\n"
        }
    }

    private var totals = (tests: 0, failures: 0, errors: 0)

    private func startSuite(_ file: String) {
        if suiteFile == file { return }
        endSuite()
        suiteFile = file
    }

    private func endSuite() {
        guard let file = suiteFile else { return }
        let head = "  <testsuite name=\"\(xmlAttribute(file))\" tests=\"\(suiteTests)\" failures=\"\(suiteFailures)\" errors=\"\(suiteErrors)\" time=\"\(formatFixed(suiteTime, 3))\">\n"
        if !suiteWarnings.isEmpty {
            suite += "    <system-err>\(xmlText(suiteWarnings))</system-err>\n"
            suiteWarnings = ""
        }
        write(bodyFD, head + suite + "  </testsuite>\n")
        totals.tests += suiteTests
        totals.failures += suiteFailures
        totals.errors += suiteErrors
        suite = ""
        suiteFile = nil
        suiteTests = 0
        suiteFailures = 0
        suiteErrors = 0
        suiteTime = 0
    }

    private var writeError: String?

    private func write(_ fd: Int32, _ s: String) {
        if writeError == nil, !writeFD(fd, Array(s.utf8)) {
            writeError = String(cString: strerror(errno))
        }
    }

    public func finish(_ summary: RunSummary) {
        endSuite()
        write(finalFD, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        write(finalFD, "<testsuites name=\"scrollscript\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"\(totals.errors)\" time=\"\(formatFixed(totalTime, 3))\">\n")
        // Copy the body in chunks: memory stays small however long the report is.
        if lseek(bodyFD, 0, SEEK_SET) != 0 { writeError = writeError ?? String(cString: strerror(errno)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while writeError == nil {
            let n = chunk.withUnsafeMutableBytes { read(bodyFD, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                writeError = String(cString: strerror(errno))
                break
            }
            if n == 0 { break }
            if !writeFD(finalFD, Array(chunk[0..<n])) { writeError = String(cString: strerror(errno)) }
        }
        write(finalFD, "</testsuites>\n")
        close(bodyFD)
        bodyFD = -1
        if writeError == nil, !direct, fchmod(finalFD, 0o644) != 0 || fsync(finalFD) != 0 { writeError = String(cString: strerror(errno)) }
        if close(finalFD) != 0, writeError == nil { writeError = String(cString: strerror(errno)) }
        finalFD = -1
        if writeError == nil, !direct, rename(finalTemp, target) != 0 { writeError = String(cString: strerror(errno)) }
        if let e = writeError {
            if !direct { unlink(finalTemp) }
            failure = "cannot write JUnit report '\(path)': \(e)"
        }
    }
}

public struct JUnitWriteError: Error, Sendable {
    public var message: String
}
