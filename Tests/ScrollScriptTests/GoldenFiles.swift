import Foundation
import XCTest

/// Every golden input in `dir`, `NAME.scroll` (sorted by name), with the expected text
/// beside it, `NAME.expected`; a missing `.expected`
/// throws, so the test fails. Fewer than `atLeast` inputs fails too (a moved or emptied
/// folder must not pass by checking nothing).
func goldenPairs(in dir: URL, atLeast: Int, file: StaticString = #filePath,
                 line: UInt = #line) throws -> [(name: String, bytes: [UInt8], expected: String)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        .filter { $0.hasSuffix(".scroll") }.sorted()
    XCTAssertGreaterThanOrEqual(names.count, atLeast, "golden inputs in \(dir.lastPathComponent)", file: file, line: line)
    return try names.map { name in
        let url = dir.appendingPathComponent(name)
        let expectedURL = url.deletingPathExtension().appendingPathExtension("expected")
        return (name, [UInt8](try Data(contentsOf: url)), String(decoding: try Data(contentsOf: expectedURL), as: UTF8.self))
    }
}
