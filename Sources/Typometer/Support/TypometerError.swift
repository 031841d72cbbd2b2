/// The errors Typometer reports. Measuring never throws: only finding
/// Typometer's data, building a font set, resolving a face or validating a
/// style can fail.
public enum TypometerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file exists at the path.
    case fontFileNotFound(path: String)
    /// The file exists but could not be read (permissions, a directory, I/O).
    case fontFileUnreadable(path: String)
    /// The file was read but holds no usable font face (empty, truncated,
    /// corrupt, another format, or a face index past the collection's end).
    case notAFont(path: String)
    /// No face in the font set has this family name.
    case familyNotFound(String)
    /// The font set holds no usable face at all.
    case emptyFontSet(directory: String)
    /// A point size that is zero, negative, NaN, infinite or above
    /// ``TextStyle/maximumSize``.
    case invalidSize(Double)
    /// A line spacing that is negative, NaN or larger than
    /// ``TextStyle/maximumLineHeight``.
    case invalidLineSpacing(Double)
    /// A line limit below 1 (use `nil` for no limit).
    case invalidLineLimit(Int)
    /// A language that is not a BCP 47 tag (letters, digits and hyphens:
    /// a 2–8 letter language and subtags of 1–8 letters or digits).
    case invalidLanguage(String)
    /// A line height (a multiple or points) that is negative or NaN, or sets
    /// lines taller than ``TextStyle/maximumLineHeight`` (a multiple: times
    /// the size).
    case invalidLineHeight(Double)
    /// A font weight outside 1–1000.
    case invalidWeight(Int)
    /// A letter or word spacing that is NaN, infinite or larger than
    /// ``TextStyle/maximumSize`` either way.
    case invalidSpacing(Double)
    /// A styled text whose runs use more than `limit` distinct run styles
    /// (``StyledText/maximumRunStyles``).
    case tooManyRunStyles(limit: Int)
    /// A device pixel ratio outside ``TextStyle/devicePixelRatioRange``
    /// (NaN and infinities included).
    case invalidDevicePixelRatio(Double)
    /// No directory at `path`, where Typometer looked for its bundled fonts
    /// or break dictionaries (see ``DataDirectory``).
    case dataNotFound(path: String)
    /// The data directory `path` was asked for after the process had
    /// started using another (see ``DataDirectory/use(_:)``).
    case dataDirectoryAlreadyChosen(path: String)

    public var description: String {
        switch self {
        case .fontFileNotFound(let path): return "font file not found: \(path)"
        case .fontFileUnreadable(let path): return "font file unreadable: \(path)"
        case .notAFont(let path): return "not a font file: \(path)"
        case .familyNotFound(let family): return "font family not in the font set: \(family)"
        case .emptyFontSet(let directory): return "no usable font faces in \(directory)"
        case .invalidSize(let size): return "font size must be finite, positive and at most 10000, got \(size)"
        case .invalidLineSpacing(let spacing):
            return "line spacing must be from 0 to 1000000 points, got \(spacing)"
        case .invalidLineLimit(let limit): return "line limit must be at least 1, got \(limit)"
        case .invalidLineHeight(let value):
            return "line height must not be negative and set lines at most 1000000 points tall "
                + "(a multiple: times the size), got \(value)"
        case .invalidSpacing(let value):
            return "letter and word spacing must be finite and at most 10000 either way, got \(value)"
        case .invalidWeight(let weight): return "font weight must be from 1 to 1000, got \(weight)"
        case .tooManyRunStyles(let limit): return "a styled text may use at most \(limit) distinct run styles"
        case .invalidLanguage(let tag): return "language must be a BCP 47 tag such as ja or zh-Hant, got '\(tag)'"
        case .invalidDevicePixelRatio(let ratio):
            return "device pixel ratio must be from 0.25 to 20, got \(ratio)"
        case .dataNotFound(let path): return "Typometer's data not found: no directory \(path)"
        case .dataDirectoryAlreadyChosen(let path):
            return "too late to read Typometer's data from \(path): the process already uses another directory"
        }
    }
}
