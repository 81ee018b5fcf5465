import XCTest

final class CLISmokeTests: XCTestCase {
    func testBinaryExists() throws {
        let bin = productsDirectory.appendingPathComponent("scrollscript")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: bin.path))
    }

    var productsDirectory: URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
    }
}
