// Finding and reading scenario files (spec §7): shared by `check`, `run` and `fmt`.
import Foundation

/// Expands command-line paths: a file is taken as is; a directory gives every `*.scroll`
/// inside it, recursively, not following directory links. Each directory's files are sorted
/// by the bytes of their paths. Paths that do not exist are returned in `missing`.
public func collectScenarioFiles(_ paths: [String]) -> (files: [String], missing: [String]) {
    var files: [String] = []
    var missing: [String] = []
    let fm = FileManager.default
    for p in paths {
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: p, isDirectory: &isDir) else {
            missing.append(p)
            continue
        }
        if isDir.boolValue {
            var found: [String] = []
            walkDirectory(p, into: &found)
            files.append(contentsOf: found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        } else {
            files.append(p)
        }
    }
    return (files, missing)
}

private func walkDirectory(_ dir: String, into found: inout [String]) {
    let fm = FileManager.default
    guard let entries = try? fm.contentsOfDirectory(atPath: dir) else { return }
    let base = dir.hasSuffix("/") ? dir : dir + "/"
    for name in entries {
        let path = base + name
        guard let attrs = try? fm.attributesOfItem(atPath: path), let type = attrs[.type] as? FileAttributeType else { continue }
        if type == .typeDirectory {
            walkDirectory(path, into: &found)
        } else if name.hasSuffix(".scroll") {
            if type == .typeSymbolicLink {
                // A link to a file counts; a link to a directory is not followed.
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { continue }
            }
            found.append(path)
        }
    }
}

/// Reads a file's bytes, or a one-line reason (`cannot read 'x': no such file`).
public func loadSource(path: String) -> Result<SourceFile, SourceLoadError> {
    guard let data = FileManager.default.contents(atPath: path) else {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            return .failure(SourceLoadError(message: "cannot read '\(path)'\(isDir.boolValue ? ": it is a directory" : "")"))
        }
        return .failure(SourceLoadError(message: "cannot read '\(path)': no such file"))
    }
    return .success(SourceFile(name: path, bytes: [UInt8](data)))
}

public struct SourceLoadError: Error, Equatable, Sendable {
    public var message: String
}
