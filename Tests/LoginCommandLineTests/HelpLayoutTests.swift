import LoginFlow
import Testing

@testable import LoginCommandLine

/// The help is generated from the declarations, in one layout for every program.
@Suite struct HelpLayoutTests {
  let help = ExampleOption.command.helpText

  @Test func theSectionsComeInOrder() throws {
    let headings = ["OVERVIEW: ", "USAGE: ", "ARGUMENTS:\n", "OPTIONS:\n", "EXIT STATUS:\n"]
    let places = try headings.map { try #require(help.range(of: $0)).lowerBound }
    #expect(places == places.sorted())
    #expect(help.hasPrefix("OVERVIEW: Greet someone.\n\nA second paragraph.\n\n"))
    #expect(help.contains("\n\nUSAGE: example [<options>] <file>\n\n"))
    #expect(help.contains("\nARGUMENTS:\n  <file>                  The file to read, or - for "))
    #expect(ExampleOption.command.versionText == "example \(LoginFlowVersion.current)")
  }

  @Test func everyOptionSaysItsValuesAndDefault() {
    #expect(
      help.contains(
        "\n  --level <level>         How much. (values: low, middle, high; "
          + "default: middle)\n"))
    #expect(help.contains("\n  --delay <duration>      How long to wait first. (default: 1s)\n"))
    #expect(help.contains("\n  --loud                  Shout.\n"))
    #expect(help.contains("\n  --version               Show the version.\n"))
    #expect(help.contains("\n  -h, --help              Show help information.\n"))
    // The standard options come last.
    #expect(
      help.range(of: "--delay")?.lowerBound ?? help.endIndex
        < help.range(of: "--version")?.lowerBound ?? help.startIndex)
  }

  @Test func longTextsWrapAndLongLabelsTakeALineOfTheirOwn() {
    for line in help.split(separator: "\n") {
      #expect(line.count <= HelpLayout.width, "\(line)")
    }
    #expect(
      help.contains(
        "\n  --name <text>           Who to greet, in a sentence long enough to "
          + "be wrapped\n                          beside its label.\n"))
    let entry = HelpLayout.entry(label: "--a-label-much-wider-than-its-column", abstract: "Text.")
    #expect(
      entry == "  --a-label-much-wider-than-its-column\n" + String(repeating: " ", count: 26)
        + "Text.")
  }

  @Test func exitStatusListsTheProgramsOwnThenThree() {
    #expect(
      help.hasSuffix(
        """
        EXIT STATUS:
          0  greeted
          1  nobody answered
          2  a usage error
          3  standard output could not be written
        """))
    #expect(ExampleOption.command.exitStatuses.map(\.code.rawValue) == [0, 1, 2, 3])
    let long = ExitStatus(.failure, String(repeating: "word ", count: 30))
    let lines = HelpLayout.status(long).split(separator: "\n")
    #expect(lines.count > 1)
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("     w") })
    #expect(lines.allSatisfy { $0.count <= HelpLayout.width })
  }
}
