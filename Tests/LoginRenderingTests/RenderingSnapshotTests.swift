import LoginFlow
import LoginTestSupport
import Testing

@testable import LoginRendering

/// The golden screens and JSON objects in `__Snapshots__`.
@Suite struct RenderingSnapshotTests {
  @Test(arguments: RenderingCatalog.screens)
  func screen(_ screen: RenderingCase) throws {
    let rendered = try screen.rendered()
    assertSnapshot(of: rendered, named: screen.name)
    for line in rendered.split(separator: "\n", omittingEmptySubsequences: false) {
      #expect(TerminalText.width(String(line), ascii: false) == screen.width, "\(line)")
    }
  }

  @Test(arguments: RenderingCatalog.json.map(\.name))
  func json(_ name: String) throws {
    let state = try #require(RenderingCatalog.json.first { $0.name == name }?.state)
    assertSnapshot(of: StateJSON.text(of: state), named: name)
  }

  @Test func noReferenceIsLeftUnused() {
    #expect(Set(RenderingCatalog.allNames).count == RenderingCatalog.allNames.count)
    assertNoUnusedSnapshots(expected: RenderingCatalog.allNames)
  }
}
