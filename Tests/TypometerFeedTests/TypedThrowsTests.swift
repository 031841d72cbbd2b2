import Testing
import Typometer
import TypometerFeed
import TypometerLayout

/// The public API's one convention: a function declares the error type it throws when it
/// can fail in one way only — `TypometerError` for fonts, styles and data, `LayoutError` for
/// layouts — so callers in a function that throws that type need no cast; functions that can
/// also be cancelled or that both measure and place throw untyped and name every type they
/// throw. Regression (issue 39, "Also"): `TextMeasurer`, `TextMeasurerStore`, `FontSet` and
/// the feeds' initializers threw untyped errors beside `TypometerLayout`'s typed ones, so
/// this file did not compile.
@Suite struct TypedThrowsTests {
    /// Everything here throws `TypometerError` and nothing else.
    static func measure() throws(TypometerError) -> Double {
        let fontSet = try FontSet.bundled()
        let store = try TextMeasurerStore(fontSet: fontSet)
        let measurer = try store.measurer(for: TextStyle(size: 15))
        _ = try TextMeasurer(style: TextStyle(size: 16), fontSet: fontSet)
        _ = try fontSet.face(family: "Inter")
        let card = StyledText([.init("Ada", style: RunStyle(weight: .bold)), .init(" shipped it")])
        return try measurer.height(of: card, width: 320) + (try measurer.maxContentWidth(of: card))
    }

    /// Everything here throws `LayoutError` and nothing else.
    static func lay(out store: TextMeasurerStore) throws(LayoutError) -> Int {
        let feed = try FeedLayout(store: store, layout: MasonryLayout(columns: 2), containerWidth: 320)
        let chips = try ChipFeed(store: store, layout: FlowLayout(spacing: 4), containerWidth: 320)
        return feed.snapshot.count + chips.snapshot.count
    }

    @Test("measuring, fonts and styles throw TypometerError; layouts and the feeds' set-up LayoutError")
    func typedErrors() throws {
        #expect(try Self.measure() > 0)
        #expect(try Self.lay(out: TextMeasurerStore()) == 0)
        do {
            _ = try TextMeasurer(style: TextStyle(size: 0))
        } catch {
            #expect(error == .invalidSize(0))
        }
    }
}
