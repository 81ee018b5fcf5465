// (v1.5) Completion inside a behaviour typed at the prompt (spec §9): the events after
// `on`, the curves and `then` after `animate VAR to VALUE over DURATION`, the member
// keywords after `behaviour NAME {`.

extension Completer {
    /// Candidates for the word before the cursor on a line of a declaration; nil when the
    /// line is not one (statement completion goes on).
    func completeDeclaration(_ before: [UInt8]) -> Completion? {
        let text = String(decoding: before, as: UTF8.self)
        var wordStart = before.count
        while wordStart > 0, before[wordStart - 1] != 0x20, before[wordStart - 1] != 0x09, before[wordStart - 1] != 0x7B {
            wordStart -= 1
        }
        let word = String(decoding: before[wordStart...], as: UTF8.self)
        let earlier = String(decoding: before[..<wordStart], as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        func offer(_ words: [String]) -> Completion {
            Completion(wordStart: wordStart, candidates: words.filter { $0.hasPrefix(word) }.sorted {
                $0.utf8.lexicographicallyPrecedes($1.utf8)
            })
        }
        guard let first = earlier.first else { return nil }
        if first == "on", earlier.count == 1 { return offer(DeclaredEvent.allCases.map { $0.rawValue }) }
        if first == "animate", earlier.count >= 5, earlier[earlier.count - 2] == "over" {
            return offer(DeclaredCurve.allCases.map { $0.rawValue } + ["then"])
        }
        if first == DeclarationWords.behaviour, text.contains("{"), earlier.last == "{" || earlier.last?.hasSuffix("{") == true {
            return offer(DeclarationWords.members)
        }
        return nil
    }
}
