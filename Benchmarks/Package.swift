// swift-tools-version: 6.0
// The benchmarks for Typometer, side by side with Pango and HarfBuzz.
// Its own package so that Pango is linked only here, never into the library.
import PackageDescription

let package = Package(
    name: "TypometerBenchmarks",
    // The name makes the dependency independent of the checkout directory
    // name (the package identity of a path dependency is its folder name).
    dependencies: [.package(name: "Typometer", path: "..")],
    targets: [
        // C libraries from Debian, each behind a system-library target.
        .systemLibrary(
            name: "CBenchPango", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(
            name: "CBenchHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        // Plain-C glue: a Pango layout per post and one hb_shape per post,
        // behind a header that shows only C types.
        // The Fontconfig side of Pango (pango_fc_*) lives in pangoft2.
        .target(
            name: "BenchGlue", dependencies: ["CBenchPango", "CBenchHarfBuzz"],
            linkerSettings: [.linkedLibrary("pangoft2-1.0"), .linkedLibrary("fontconfig")]),
        // What both benchmark tools share: the Swift side of the glue
        // (Pango, HarfBuzz), the private Fontconfig, files and JSON Lines.
        .target(name: "BenchSupport", dependencies: ["BenchGlue"]),
        // Each layout's solve, re-solve, visibility queries and appends (pure Swift).
        .executableTarget(
            name: "layout-bench",
            dependencies: [.product(name: "TypometerLayout", package: "Typometer")],
            path: "Sources/LayoutBench"),
        .executableTarget(
            name: "typometer-bench",
            dependencies: [.product(name: "Typometer", package: "Typometer"), "BenchGlue", "BenchSupport"],
            path: "Sources/TypometerBench"),
        // The whole-process Pango peer of `typometer measure`: a JSON Lines
        // feed in, one line count and height per post out.
        .executableTarget(
            name: "pango-measure", dependencies: ["BenchGlue", "BenchSupport"],
            path: "Sources/PangoMeasure"),
    ],
    swiftLanguageModes: [.v6]
)
