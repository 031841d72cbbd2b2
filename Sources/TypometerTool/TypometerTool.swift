#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `typometer` command: dispatches to a subcommand and exits with its
/// status (0 success, 1 some input failed, 2 bad options).
@main
enum TypometerTool {
    /// The release this build is, as `--version` prints it and release
    /// packages are named (`Scripts/package`).
    static let version = "0.1.0"

    /// Every subcommand, in the order `--help` lists them.
    static let subcommands: [any Subcommand.Type] = [
        MeasureCommand.self, LayoutCommand.self, PageCommand.self, RenderCommand.self, FidelityCommand.self,
    ]

    static let overview = """
        typometer — predict text heights as Chromium or Pango lay text out.

        Usage: typometer <subcommand> [options]
               typometer --version

        Subcommands:
        \(subcommands.map { "  \($0.name.padded(to: 10))\($0.summary)" }.joined(separator: "\n"))

        Run `typometer <subcommand> --help` for its options and an example.
        Example: typometer measure Corpus/sample-feed.jsonl --width 320
        """

    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first else {
            StandardError.write(overview + "\n")
            exit(ExitStatus.usage)
        }
        arguments.removeFirst()
        if name == "--help" || name == "-h" || name == "help" {
            print(overview)
            exit(ExitStatus.success)
        }
        if name == "--version" {
            print("typometer \(version)")
            exit(ExitStatus.success)
        }
        guard let command = subcommands.first(where: { $0.name == name }) else {
            StandardError.write("typometer: unknown subcommand '\(name)'\n\n\(overview)\n")
            exit(ExitStatus.usage)
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            print(command.help)
            exit(ExitStatus.success)
        }
        do {
            exit(try command.run(arguments))
        } catch {
            StandardError.write("typometer \(name): \(error)\nRun `typometer \(name) --help` for usage.\n")
            exit(ExitStatus.usage)
        }
    }
}
