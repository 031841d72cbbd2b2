extension ChunkMetrics {
    /// The Blink fallback run after the chunk (an empty one at level 0 when
    /// the chunk leaves no faces tried: its script then no longer matters).
    var blinkRunAfter: BlinkFallbackRun { carry as? BlinkFallbackRun ?? BlinkFallbackRun() }
}
