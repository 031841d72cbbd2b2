// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Typometer",
    products: [
        .library(name: "Typometer", targets: ["Typometer"]),
        .library(name: "TypometerLayout", targets: ["TypometerLayout"]),
        .library(name: "TypometerFeed", targets: ["TypometerFeed"]),
        .executable(name: "typometer", targets: ["TypometerTool"]),
    ],
    targets: [
        // C libraries from Debian, each behind a system-library target.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        // libthai's dictionary, which Pango breaks Thai words with.
        .systemLibrary(
            name: "CThai", pkgConfig: "libthai",
            providers: [.apt(["libthai-dev"])]),
        // Tells ThreadSanitizer about the cache shards' locks.
        .target(name: "CThreadAnnotations"),
        // ICU stays behind a C shim whose header shows only plain C types: the
        // toolchain's Foundation carries its own ICU, and versioned ICU symbols
        // do not import into Swift.
        .target(
            name: "CICUShim",
            exclude: ["BreakDictionaries"],
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        .target(
            name: "Typometer",
            dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CICUShim", "CThai", "CThreadAnnotations"]),
        // Reads the committed corpus and its reference results (tests, the
        // fidelity report).
        .target(name: "TypometerCorpus", dependencies: ["Typometer", "TypometerJSONLines"]),
        // Pure Swift: draws nothing from C.
        .target(name: "TypometerLayout"),
        // Helpers every test target shares (a seeded random generator, a
        // temporary directory), kept in one place rather than copied.
        .target(name: "TypometerTestSupport", path: "Tests/TypometerTestSupport"),
        .testTarget(
            name: "TypometerTests",
            dependencies: ["Typometer", "TypometerCorpus", "TypometerJSONLines", "TypometerTestSupport"]),
        .testTarget(name: "TypometerLayoutTests", dependencies: ["TypometerLayout", "TypometerTestSupport"]),
        // Measured cards to masonry frames.
        .target(name: "TypometerFeed", dependencies: ["Typometer", "TypometerLayout"]),
        .testTarget(name: "TypometerFeedTests", dependencies: ["TypometerFeed", "TypometerTestSupport"]),
        // The `typometer` command-line tool and the tests that run it as a process.
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // The font files a page ships: HarfBuzz's subsetter and WOFF2
        // compression (Debian's libharfbuzz-dev and libwoff-dev), behind a
        // C header of plain types.
        .target(
            name: "CWebFontFiles",
            linkerSettings: [
                .linkedLibrary("harfbuzz-subset"), .linkedLibrary("harfbuzz"), .linkedLibrary("woff2enc"),
            ]),
        // The tool's JSON Lines reader (and JSON writer), a library of its own
        // so the fuzz target can reach it.
        .target(name: "TypometerJSONLines"),
        .executableTarget(
            name: "TypometerTool",
            dependencies: [
                "Typometer", "TypometerCorpus", "TypometerLayout", "TypometerJSONLines", "CFreeType",
                "CPNG", "CWebFontFiles",
            ],
            // Release builds link the Swift runtime in: the tool starts in
            // about half the time (8 ms, not 14 to 19, with Foundation gone
            // too: no runtime libraries to load and bind) and can be copied
            // to a machine without the toolchain. That is why the tool and
            // the libraries it links use no Foundation (a static Foundation
            // needs CoreFoundation and ICU data too, and weighs ~75 MB). Not in
            // debug builds: there the test bundle links the tool's code
            // beside the toolchain's shared XCTest and Testing, which a
            // static runtime cannot link with, and Scripts/sanitize builds
            // the tool under ThreadSanitizer, where a static runtime links
            // (with thousands of warnings) into a binary that crashes at start.
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
        .testTarget(
            name: "TypometerToolTests", dependencies: ["TypometerTool", "TypometerCorpus", "TypometerTestSupport"]),
        // libFuzzer targets (Scripts/fuzz builds them with --sanitize=fuzzer
        // -DFUZZING); a plain build makes them replayers of saved inputs.
        .executableTarget(name: "TypometerFuzzMeasuring", dependencies: ["Typometer"], path: "Fuzz/Measuring"),
        .executableTarget(name: "TypometerFuzzJSONLines", dependencies: ["TypometerJSONLines"], path: "Fuzz/JSONLines"),
        .executableTarget(name: "TypometerFuzzFonts", dependencies: ["Typometer"], path: "Fuzz/Fonts"),
        .executableTarget(name: "TypometerFuzzLayouts", dependencies: ["TypometerLayout"], path: "Fuzz/Layouts"),
    ],
    swiftLanguageModes: [.v6]
)
