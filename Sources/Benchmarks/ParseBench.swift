// Front-end throughput: lex + parse + check of a generated ~10 MB scenario file.
// Run: swift run -c release Benchmarks parse      (target: at least 20 MB/s)
import Foundation
import ScrollScript

/// A scenario file of about `targetBytes`: a scene, then many scenarios mixing every
/// statement form, comments, units and Unicode titles.
func generateScenarioFile(targetBytes: Int) -> [UInt8] {
    var text = """
    # generated for the parse benchmark
    scene {
      screen 375 x 667
      header 240 pin 60 parallax 0.2128
      toolbar
      section "山手線" rows "渋谷" "新宿" "池袋"
      sections 20 rows 10
      accordion single
      set deceleration fast
    }

    """
    var k = 0
    while text.utf8.count < targetBytes {
        text += """
        scenario "case \(k)" {
          # pull, then let go
          pull 120pt
          expect header.height ~= 300.06 within 0.5   # stretched
          release
          wait 0.3s
          fling -900; settle
          expect toolbar.state == hidden or toolbar.state == hiding
          tap header 2
          tap 100 -20
          repeat 3 { drag -40 in 250ms; tick 2 }
          expect always section[1].y >= header.bottom - 0.5
          expect within 1s phase == idle
          print offset, header.image.y * 2 + (row[0,1].y - 10) / 4, "新宿"
          header.height-60
        }

        """
        k += 1
    }
    return Array(text.utf8)
}

func parseBenchmark() {
    let bytes = generateScenarioFile(targetBytes: 10_000_000)
    let mb = Double(bytes.count) / 1_000_000
    let source = SourceFile(name: "bench.scroll", bytes: bytes)

    func time(_ body: () -> Void) -> Double {
        let t0 = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
    }

    var tokenCount = 0
    let lexSeconds = time {
        var lexer = Lexer(bytes: bytes, file: source.name)
        while lexer.next().kind != .eof { tokenCount += 1 }
    }
    var statementCount = 0
    let parseSeconds = time {
        statementCount = Parser.parse(source).program.statements.count
    }
    var scenarioCount = 0
    var errors = 0
    let allSeconds = time {
        let r = checkSource(source)
        scenarioCount = r.scenarios.count
        errors = r.diagnostics.count
    }
    print("parse benchmark: \(String(format: "%.1f", mb)) MB, \(tokenCount) tokens, \(scenarioCount) scenarios, \(errors) errors")
    print("  lex:               \(String(format: "%.3f", lexSeconds)) s  \(String(format: "%.1f", mb / lexSeconds)) MB/s")
    print("  lex+parse:         \(String(format: "%.3f", parseSeconds)) s  \(String(format: "%.1f", mb / parseSeconds)) MB/s  (\(statementCount) top-level statements)")
    print("  lex+parse+check:   \(String(format: "%.3f", allSeconds)) s  \(String(format: "%.1f", mb / allSeconds)) MB/s  (target >= 20 MB/s)")
}
