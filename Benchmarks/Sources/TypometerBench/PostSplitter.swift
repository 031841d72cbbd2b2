/// Cuts source texts (fortune records, license paragraphs, runs of
/// translated messages) into posts of one paragraph each, white space
/// collapsed to single spaces, within a ``PostRule``'s length.
enum PostSplitter {
    /// Whether `character` is white space (Unicode's White_Space property,
    /// decided by code point: the standard library's property lookup is what
    /// made building the feeds slow).
    static func isSpace(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x20, 0x09...0x0D, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
            default: false
            }
        }
    }

    /// `text` with every run of white space (line breaks included) turned
    /// into one space, and none at either end.
    static func collapsed(_ text: some StringProtocol) -> String {
        text.split(whereSeparator: isSpace).joined(separator: " ")
    }

    /// The posts made from one source text: the whole text when it fits;
    /// when longer, each paragraph (blank-line separated) that fits and
    /// groups of consecutive sentences of the longer paragraphs. Shorter
    /// paragraphs are dropped.
    static func posts(from text: String, rule: PostRule, generator: inout SplitMix64) -> [String] {
        let whole = collapsed(text)
        let length = rule.length(of: whole)
        if rule.range.contains(length) { return [whole] }
        guard length > rule.range.upperBound else { return [] }
        var posts: [String] = []
        for paragraph in paragraphs(of: text) {
            let length = rule.length(of: paragraph)
            if rule.range.contains(length) {
                posts.append(collapsed(paragraph))
            } else if length > rule.range.upperBound {
                posts += grouped(sentences(of: paragraph, rule: rule), rule: rule, generator: &generator)
            }
        }
        return posts
    }

    /// The paragraphs of `text`: runs of lines between blank lines.
    static func paragraphs(of text: String) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(isSpace) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
                current.removeAll()
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
        return paragraphs
    }

    /// The sentences of `paragraph`, by the rule's sentence ends, each
    /// collapsed. A sentence longer than a post (a verse without full stops,
    /// a long enumeration) is cut at its line breaks into runs of lines that
    /// fit, where it has line breaks.
    static func sentences(of paragraph: String, rule: PostRule) -> [String] {
        switch rule.sentenceEnd {
        case .atSpaces:
            return paragraph.split(whereSeparator: isSpace).map(String.init)
        case .afterFinalPunctuation:
            var sentences: [String] = []
            var lines: [[Substring]] = [[]]
            func finish() {
                let words = lines.reduce(0) { $0 + $1.count }
                if words > rule.range.upperBound {
                    sentences += runsOfLines(lines, limit: rule.range.upperBound)
                } else if words > 0 {
                    sentences.append(lines.joined().joined(separator: " "))
                }
                lines = [[]]
            }
            for line in paragraph.split(separator: "\n") {
                for word in line.split(whereSeparator: isSpace) {
                    lines[lines.count - 1].append(word)
                    let core = word.reversed().drop { "\"')]»”’".contains($0) }
                    if let last = core.first, ".!?…؟".contains(last) { finish() }
                }
                if !lines[lines.count - 1].isEmpty { lines.append([]) }
            }
            finish()
            return sentences
        case .afterIdeographicStop:
            var sentences: [String] = []
            var current = ""
            for character in paragraph {
                current.append(character)
                if "。！？!?；".contains(character) {
                    sentences.append(collapsed(current))
                    current = ""
                }
            }
            if !current.allSatisfy(isSpace) { sentences.append(collapsed(current)) }
            return sentences
        }
    }

    /// Consecutive lines (word lists) joined into runs of at most `limit`
    /// words; a line longer than that on its own is kept whole (and later
    /// dropped as too long).
    private static func runsOfLines(_ lines: [[Substring]], limit: Int) -> [String] {
        var runs: [String] = []
        var run: [Substring] = []
        for line in lines where !line.isEmpty {
            if !run.isEmpty, run.count + line.count > limit {
                runs.append(run.joined(separator: " "))
                run.removeAll()
            }
            run += line
        }
        if !run.isEmpty { runs.append(run.joined(separator: " ")) }
        return runs
    }

    /// Consecutive `pieces` joined into posts. Each post aims at a length
    /// drawn from the rule's range, skewed towards short posts as the
    /// whole fortunes are (minimum + span × u², mean about a third of the
    /// way up); a group closes before the piece that would take it past
    /// its aim (once it has the minimum) or past the maximum. A piece longer
    /// than a post on its own is dropped, and so is a last group shorter
    /// than the minimum.
    static func grouped(_ pieces: [String], rule: PostRule, generator: inout SplitMix64) -> [String] {
        var posts: [String] = []
        var group: [String] = []
        var groupLength = 0
        var target = drawLength(rule, &generator)
        func close() {
            if rule.range.contains(groupLength) { posts.append(group.joined(separator: rule.joiner)) }
            group.removeAll()
            groupLength = 0
            target = drawLength(rule, &generator)
        }
        for piece in pieces {
            let length = rule.length(of: piece)
            if length > rule.range.upperBound {
                close()
                continue
            }
            if !group.isEmpty, groupLength + length > rule.range.upperBound
                || (groupLength >= rule.range.lowerBound && groupLength + length > target)
            {
                close()
            }
            group.append(piece)
            groupLength += length
            if groupLength >= target { close() }
        }
        if !group.isEmpty { close() }
        return posts
    }

    /// minimum + ⌊(span + 1) × u²⌋ for u uniform in [0, 1).
    private static func drawLength(_ rule: PostRule, _ generator: inout SplitMix64) -> Int {
        let u = generator.nextUnitDouble()
        return rule.range.lowerBound + Int(Double(rule.range.count) * u * u)
    }
}
