import Foundation
import XCTest

/// A golden input and the expected text beside it (`NAME.scroll`, `NAME.expected`).
struct GoldenPair {
    var name: String
    var bytes: [UInt8]
    var expected: String
}

/// Every `*.scroll` in `dir` (sorted by name) with its `.expected`; a missing `.expected`
/// throws, so the test fails. Fewer than `atLeast` inputs fails too (a moved or emptied
/// folder must not pass by checking nothing).
func goldenPairs(in dir: URL, atLeast: Int, file: StaticString = #filePath, line: UInt = #line) throws -> [GoldenPair] {
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        .filter { $0.hasSuffix(".scroll") }.sorted()
    XCTAssertGreaterThanOrEqual(names.count, atLeast, "golden inputs in \(dir.lastPathComponent)", file: file, line: line)
    return try names.map { name in
        let url = dir.appendingPathComponent(name)
        let expectedURL = url.deletingPathExtension().appendingPathExtension("expected")
        return GoldenPair(name: name,
                          bytes: [UInt8](try Data(contentsOf: url)),
                          expected: String(decoding: try Data(contentsOf: expectedURL), as: UTF8.self))
    }
}
