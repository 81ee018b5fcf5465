import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `:plot FILE.svg` and `:replay FILE.html` typed into the real binary on a pseudo-terminal
/// (their parsing: `ReplColonCommandTests`).
final class REPLPictureTests: XCTestCase {
    func testTypedInAPseudoTerminal() throws {
        try PseudoTerminal.withRepl("repl-pictures") { term, dir in
            term.enter("header 240 pin 60", thenPrompt: 2)
            term.enter("pull 120", thenPrompt: 3)
            term.enter("header.height", thenPrompt: 4)
            // pull 120 takes 0.4 s; the bare expression is not part of the session's scenario.
            term.type(":plot \(dir)/s.svg\r", until: .once("wrote the plot of the session so far (0.400 s, 1 statement) to \(dir)/s.svg"),
                                                 .times("scroll> ", 5))
            term.type(":replay \(dir)/s.html\r", until: .once("wrote the replay page of the session so far (0.400 s, 1 statement) to \(dir)/s.html"),
                                                        .times("scroll> ", 6))
            term.type(":plot \(dir)/no/such/dir/x.svg\r", until: .once("error: cannot write '\(dir)/no/such/dir/x.svg'"))
            // Ctrl-D at the prompt (typed before it, the cooked terminal turned it into a NUL
            // and the REPL waited on: the test then spent its 60 s deadline here).
            term.expect(.times("scroll> ", 7))
            term.type("\u{04}")
            XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
            let svg = try Data(contentsOf: URL(fileURLWithPath: dir + "/s.svg"))
            XCTAssertTrue(XMLParser(data: svg).parse())
            XCTAssertTrue(String(decoding: svg, as: UTF8.self).contains(">pull 120</text>"))
            let html = try String(contentsOfFile: dir + "/s.html", encoding: .utf8)
            XCTAssertTrue(html.contains("\"scenario\":\"repl session\""))
            // 24 frames and frame 0.
            XCTAssertTrue(html.contains("\"frame\":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24]"))
        }
    }
}
