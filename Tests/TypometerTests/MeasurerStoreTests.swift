import Testing
import Typometer

/// The store's bound on measurers. Regression: it kept every style's
/// measurer (up to 2²⁰), so a feed whose lines each carry their own size
/// grew by a measurer a line (1.4 GB over 50,000 lines).
@Suite struct MeasurerStoreTests {
    @Test("the store keeps at most its limit of measurers, and measures every style right past it")
    func bounded() throws {
        let store = try TextMeasurerStore(measurerLimit: 8)
        let text = "Fjord-side cabins, 12 km north — 北 — مرحبا"
        for index in 0..<40 {
            let style = TextStyle(font: .family("Noto Sans"), size: 10 + Double(index) / 4)
            let measurer = try store.measurer(for: style)
            #expect(store.count <= 8)
            #expect(measurer.height(of: text, width: 90) == (try TextMeasurer(style: style)).height(of: text, width: 90))
        }
        #expect(store.count == 8)
    }

    @Test("a style used again and again keeps its measurer while others come and go")
    func recentlyUsedStays() throws {
        let store = try TextMeasurerStore(measurerLimit: 4)
        let hot = TextStyle(font: .family("Inter"), size: 13)
        let kept = try store.measurer(for: hot)
        for index in 0..<20 {
            _ = try store.measurer(for: TextStyle(font: .family("Inter"), size: 20 + Double(index)))
            #expect(try store.measurer(for: hot) === kept)
        }
    }
}
