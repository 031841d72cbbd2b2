import TypometerLayout

/// The layout `--layout` names, with the options every layout shares.
enum LayoutChoice: String, CaseIterable {
    case masonry, timeline, flow

    /// Every layout's options, for the commands' option sets.
    static let options: Set<String> = Set(["layout", "container-width"])
        .union(MasonryCards.options).union(TimelineCards.options).union(FlowCards.options)

    /// The layout of `--layout` (default masonry).
    /// - Throws: ``UsageError`` for an unknown layout, or an option of another layout.
    init(_ parsed: ParsedArguments) throws(UsageError) {
        let name = parsed.value("layout") ?? "masonry"
        guard let choice = LayoutChoice(rawValue: name) else {
            throw UsageError("--layout must be one of masonry, timeline, flow (got \(name))")
        }
        let own: Set<String>
        switch choice {
        case .masonry: own = MasonryCards.options
        case .timeline: own = TimelineCards.options
        case .flow: own = FlowCards.options
        }
        for option in Self.options.subtracting(own).subtracting(["layout", "container-width"]).sorted()
        where parsed.value(option) != nil {
            throw UsageError("--\(option) is not an option of --layout \(name)")
        }
        self = choice
    }

    /// `--container-width` (default 720 points).
    static func containerWidth(_ parsed: ParsedArguments) throws(UsageError) -> Double {
        try parsed.number("container-width", in: 0...1e9) ?? 720
    }

    /// `--spacing` (default 8 points).
    static func spacing(_ parsed: ParsedArguments) throws(UsageError) -> Double {
        try parsed.number("spacing", in: 0...1e6) ?? 8
    }
}

extension LayoutError {
    /// The error as a usage error, for layout options the layout refused.
    var usageError: UsageError { UsageError("\(self)") }
}
