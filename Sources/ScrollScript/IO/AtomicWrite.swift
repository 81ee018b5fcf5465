// Rewriting a file in place without ever leaving it half written (`fmt -w`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces the contents of the file at `path` with `bytes` atomically: the bytes go to a
/// new temporary file in the same directory, which gets the original's permission bits
/// (and owner, when allowed), is flushed to disk, then renamed over the original. A
/// symbolic link is followed: its target is rewritten and the link stays. Returns nil on
/// success, else a one-line reason (the original is then untouched and no temporary file
/// is left behind). A file the user may not write is refused, as an in-place write would be.
public func writeFileAtomically(path: String, bytes: [UInt8]) -> String? {
    guard let resolved = realpath(path, nil) else { return "cannot rewrite '\(path)': \(errnoText())" }
    let target = String(cString: resolved)
    free(resolved)
    var st = stat()
    guard stat(target, &st) == 0 else { return "cannot rewrite '\(path)': \(errnoText())" }
    // The rename would succeed over a read-only file; respect the author's protection.
    guard access(target, W_OK) == 0 else { return "cannot rewrite '\(path)': \(errnoText())" }
    let dir: String
    let base: String
    if let slash = target.lastIndex(of: "/") {
        dir = String(target[..<slash])
        base = String(target[target.index(after: slash)...])
    } else {
        dir = "."
        base = target
    }
    var template = Array("\(dir.isEmpty ? "" : dir)/.\(base).fmt-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buf -> Int32 in
        guard let p = buf.baseAddress else { return -1 }
        return mkstemp(p)
    }
    guard fd >= 0 else { return "cannot rewrite '\(path)': cannot create a temporary file in '\(dir)': \(errnoText())" }
    let tempPath = template.withUnsafeBufferPointer { buf in
        buf.baseAddress.map { String(cString: $0) } ?? ""
    }
    func fail(_ what: String) -> String {
        let reason = errnoText()
        close(fd)
        unlink(tempPath)
        return "cannot rewrite '\(path)': \(what): \(reason)"
    }
    if !writeFD(fd, bytes) { return fail("write failed") }
    _ = fchown(fd, st.st_uid, st.st_gid)  // best effort: only root may give a file away
    if fchmod(fd, st.st_mode & 0o7777) != 0 { return fail("cannot set permissions") }
    if fsync(fd) != 0 { return fail("cannot flush") }
    if close(fd) != 0 {
        let reason = errnoText()
        unlink(tempPath)
        return "cannot rewrite '\(path)': close failed: \(reason)"
    }
    if rename(tempPath, target) != 0 {
        let reason = errnoText()
        unlink(tempPath)
        return "cannot rewrite '\(path)': rename failed: \(reason)"
    }
    return nil
}

/// The system's reason, lower-case as the tool's other file errors print it (`systemReason`).
private func errnoText() -> String {
    systemReason(errno)
}

/// Writes every byte to `fd`, retrying short writes and interruptions; gives up silently
/// on a closed pipe or another error. Returns false on an error.
@discardableResult
func writeFD(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buf -> Bool in
        guard let base = buf.baseAddress else { return true }
        var done = 0
        while done < buf.count {
            let n = write(fd, base + done, buf.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += n
        }
        return true
    }
}
