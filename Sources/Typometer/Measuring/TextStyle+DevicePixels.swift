extension TextStyle {
    /// How many of the measurer's internal units make a point: the device
    /// pixel ratio for a renderer that lays text out in device pixels
    /// (Chromium), 1 for one that lays it out in the same logical units at
    /// every scale (Pango).
    var deviceScale: Double { profile.rules.traits.laysOutInDevicePixels ? devicePixelRatio : 1 }

    /// The style in device pixels of a screen of ``deviceScale``, as Blink
    /// zooms a computed style (the device pixel ratio is a zoom factor
    /// there): font size, spacing and set line heights multiplied by the
    /// ratio in single precision (`FontSize::
    /// GetComputedSizeFromSpecifiedSize`, `CSSToLengthConversionData`),
    /// the size held to ``maximumSize`` as Blink holds it; a multiple of
    /// the size as it is.
    var inDevicePixels: TextStyle {
        let scale = deviceScale
        guard scale != 1 else { return self }
        var device = self
        device.size = min(TextStyle.zoomed(size, by: scale), TextStyle.maximumSize)
        device.letterSpacing = TextStyle.zoomed(letterSpacing, by: scale)
        device.wordSpacing = TextStyle.zoomed(wordSpacing, by: scale)
        device.lineSpacing = lineSpacing * scale
        if case .points(let points) = lineHeight { device.lineHeight = .points(TextStyle.zoomed(points, by: scale)) }
        return device
    }

    /// `length` CSS px times `zoom`, in single precision.
    static func zoomed(_ length: Double, by zoom: Double) -> Double {
        Double(Float(length) * Float(zoom))
    }
}
