import Typometer
import TypometerJSONLines
import TypometerLayout

/// The files of a page: `index.html` (styles, `@font-face` rules, the
/// header), `page.js` (``PageScript``) and `feed.json`, the laid-out cards.
struct PageDocument {
    let cards: [Card<MasonryItem>]
    let snapshot: MasonrySnapshot
    let defaultStyle: TextStyle
    let fonts: PageFonts
    /// Points above and below the viewport whose cards are kept in the DOM.
    let overscan: Double

    /// `index.html`.
    var html: String {
        let text = CSS.declarations(for: defaultStyle, fonts: fonts).map { "  \($0.0): \($0.1);" }.joined(separator: "\n")
        let columns = snapshot.layout.columns
        let summary = "\(cards.count) cards · \(columns) column\(columns == 1 ? "" : "s") of \(JSONText.number(snapshot.columnWidth)) px · text heights from Typometer"
        return """
            <!DOCTYPE html>
            <html lang="\(escaped(defaultStyle.language ?? "en"))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Typometer feed</title>
            <style>
            \(fonts.rules)
            html, body { margin: 0; padding: 0; background: #eceff3; }
            header { height: 48px; box-sizing: border-box; padding: 12px 16px; font: 15px/24px \(fonts.cssFamily(defaultStyle.font)); color: #334; }
            #feed { position: relative; margin: 0 auto 24px; width: \(CSS.pixels(snapshot.containerWidth)); height: \(CSS.pixels(snapshot.contentHeight)); }
            .tm-card { position: absolute; box-sizing: border-box; background: #fff; color: #1c1e21; box-shadow: 0 0 0 1px #d3d8df; }
            .tm-image { width: 100%; }
            .tm-text {
              white-space: pre-wrap; overflow-wrap: break-word;
              margin: 0; padding: 0; border: 0;
            \(text)
            }
            .tm-clamp { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
            .tm-chrome { box-sizing: border-box; overflow: hidden; padding: 0 8px; color: #6b7280; background: #f6f7f9;
              font: 11px/1 \(fonts.cssFamily(defaultStyle.font)); display: flex; align-items: center; white-space: nowrap; }
            </style>
            </head>
            <body>
            <header><span id="status">\(escaped(summary))</span></header>
            <main id="feed"></main>
            <script src="\(PageScript.fileName)"></script>
            </body>
            </html>

            """
    }

    /// `feed.json`: the layout, the faces, the visibility index's buckets and
    /// one object per card in input order.
    var json: String {
        var parts: [String] = []
        parts.reserveCapacity(cards.count + 2)
        let defaults = CSS.declarations(for: defaultStyle, fonts: fonts)
        for (card, frame) in zip(cards, snapshot.frames) {
            var members: [(String, String)] = [
                ("id", card.rawID ?? JSONText.string("line \(card.lineNumber)")),
                ("frame", Self.json(frame)),
            ]
            let imageHeight = card.imageHeight(columnWidth: frame.width)
            members.append(("text_frame", Self.json(LayoutFrame(
                x: frame.x, y: frame.y + imageHeight, width: frame.width, height: card.item.textHeight))))
            members.append(("text_height", JSONText.number(card.item.textHeight)))
            if imageHeight > 0 { members.append(("image_height", JSONText.number(imageHeight))) }
            if card.item.chromeHeight > 0 { members.append(("chrome_height", JSONText.number(card.item.chromeHeight))) }
            if card.style.lineLimit != defaultStyle.lineLimit {
                members.append(("line_limit", card.style.lineLimit.map(String.init) ?? "0"))
            }
            if card.style.language != defaultStyle.language {
                members.append(("lang", JSONText.string(card.style.language ?? "en")))
            }
            let own = CSS.declarations(for: card.style, fonts: fonts)
            let differing = zip(own, defaults).filter { $0.0.1 != $0.1.1 }.map(\.0)
            if !differing.isEmpty {
                members.append(("style", JSONText.object(differing.map { ($0.0, JSONText.string($0.1)) })))
            }
            members.append(("text", JSONText.string(card.text)))
            parts.append(JSONText.object(members))
        }
        let header = JSONText.object([
            ("version", "1"),
            ("container_width", JSONText.number(snapshot.containerWidth)),
            ("columns", String(snapshot.layout.columns)),
            ("spacing", JSONText.number(snapshot.layout.spacing)),
            ("column_width", JSONText.number(snapshot.columnWidth)),
            ("content_height", JSONText.number(snapshot.contentHeight)),
            ("overscan", JSONText.number(overscan)),
            ("line_limit", defaultStyle.lineLimit.map(String.init) ?? "null"),
            ("faces", fonts.json),
            ("index", indexJSON),
        ])
        // The cards last, one a line, so the file reads well and diffs well.
        return header.dropLast() + ",\"cards\":[\n" + parts.joined(separator: ",\n") + "\n]}\n"
    }

    /// The visibility index's buckets (``VisibilityIndex/Buckets``), or `null`.
    private var indexJSON: String {
        guard let buckets = snapshot.visibilityIndex.buckets else { return "null" }
        let end = buckets.starts.last ?? 0
        return JSONText.object([
            ("origin", JSONText.number(buckets.origin)),
            ("bucket_height", JSONText.number(buckets.height)),  // null when infinite
            ("starts", "[" + buckets.starts.map(String.init).joined(separator: ",") + "]"),
            ("items", "[" + buckets.items[..<end].map(String.init).joined(separator: ",") + "]"),
            ("oversized", "[" + buckets.oversized.map(String.init).joined(separator: ",") + "]"),
        ])
    }

    private static func json(_ frame: LayoutFrame) -> String {
        JSONText.object([
            ("x", JSONText.number(frame.x)), ("y", JSONText.number(frame.y)),
            ("width", JSONText.number(frame.width)), ("height", JSONText.number(frame.height)),
        ])
    }

    /// `text` for HTML text and attribute values.
    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
