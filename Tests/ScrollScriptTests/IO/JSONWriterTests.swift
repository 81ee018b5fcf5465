import XCTest
@testable import ScrollScript

/// The one JSON writer: sorted objects (the language server, `run --format jsonl`), ordered
/// objects, numbers formatted by the caller and script-safe strings (the replay page). The
/// expected bytes of `.object` and `.double` are what Foundation's JSONEncoder (sorted keys,
/// slashes not escaped) writes for the same values, which the writer replaced.
final class JSONWriterTests: XCTestCase {
    private func text(_ v: JSONValue, scriptSafe: Bool = false) -> String { JSONWriter.text(v, scriptSafe: scriptSafe) }

    func testAnObjectIsWrittenWithItsKeysInByteOrder() {
        let v: JSONValue = ["documentation": 1, "documentSymbol": 2, "a10": 3, "a9": 4, "B": 5, "a": 6, "é": 7, "_x": 8]
        XCTAssertEqual(text(v), #"{"B":5,"_x":8,"a":6,"a10":3,"a9":4,"documentSymbol":2,"documentation":1,"é":7}"#)
        XCTAssertEqual(v.encoded(), Array(text(v).utf8))
    }

    func testOrderedMembersKeepTheirOrderAndNest() {
        let v: JSONValue = .ordered(["z": .ordered(["y": [1, nil, true], "x": "s"]), "a": [:], "m": []])
        XCTAssertEqual(text(v), #"{"z":{"y":[1,null,true],"x":"s"},"a":{},"m":[]}"#)
        XCTAssertEqual(v["x"], nil)
        XCTAssertEqual(v["z"]?["x"], "s")
        XCTAssertTrue(v.isObject)
    }

    func testDoublesAreShortestExactAndWholeOnesHaveNoFraction() {
        let v: JSONValue = [.double(0.1), .double(1e20), .double(1.5e-7), .double(100), .double(-0.0),
                            .double(1.7976931348623157e308), .double(.infinity), .double(.nan)]
        XCTAssertEqual(text(v), "[0.1,1e+20,1.5e-07,100,-0,1.7976931348623157e+308,null,null]")
        XCTAssertEqual(text([.int(Int.min), .int(Int.max)]), "[-9223372036854775808,9223372036854775807]")
    }

    func testPrettyIndentsTwoSpacesAndKeepsAnArrayOfScalarsOnOneLine() {
        let v: JSONValue = .ordered([
            "name": "g", "types": ["a", "b"], "n": [1, .formatted("2.5"), nil], "none": [], "empty": [:],
            "list": [.ordered(["k": "v"]), ["x"]], "sorted": ["b": true, "a": false],
        ])
        let expected = """
        {
          "name": "g",
          "types": ["a", "b"],
          "n": [1, 2.5, null],
          "none": [],
          "empty": {},
          "list": [
            {
              "k": "v"
            },
            ["x"]
          ],
          "sorted": {
            "a": false,
            "b": true
          }
        }
        """
        XCTAssertEqual(JSONWriter.text(v, pretty: true), expected)
        XCTAssertEqual(JSONWriter.text(v), #"{"name":"g","types":["a","b"],"n":[1,2.5,null],"none":[],"empty":{},"list":[{"k":"v"},["x"]],"sorted":{"a":false,"b":true}}"#)
    }

    func testAFormattedNumberIsWrittenAsItIs() {
        XCTAssertEqual(text(.ordered(["w": .formatted("12.5"), "h": .formatted("0")])), #"{"w":12.5,"h":0}"#)
    }

    func testStringsAreEscapedAndScriptSafeOnesCannotEndAScriptElement() {
        let s: JSONValue = .ordered(["</b>": "a\"\\\n\t\r\u{8}\u{C}\u{1}\u{7F}/</script>&\u{2028}\u{2029}é"])
        XCTAssertEqual(text(s), "{\"</b>\":\"a\\\"\\\\\\n\\t\\r\\b\\f\\u0001\u{7F}/</script>&\u{2028}\u{2029}é\"}")
        XCTAssertEqual(text(s, scriptSafe: true),
                       #"{"\u003c/b\u003e":"a\"\\\n\t\r\b\f\u0001\u007f/\u003c/script\u003e\u0026\u2028\u2029é"}"#)
    }

    func testWhatIsWrittenParsesBackToTheSameValue() throws {
        let v: JSONValue = ["id": 7, "name": "山手線🚃", "list": [.double(1.5), "x", nil, false], "nested": ["k": [:]]]
        XCTAssertEqual(try JSONValue.parse(v.encoded()), v)
    }
}
