/// A pseudo-locale: English made longer and accented, still readable, so that a test sees at
/// a glance which text does not come from the catalog (it stays plain English) and which
/// layout cannot hold a longer language (it is cut or overflows).
///
/// `Enter a valid email address.` becomes `[Éñţéŕ å ṽåļîð éṁåîļ åððŕéšš. ···········]`: every
/// ASCII letter takes an accent, a run of `·` adds about 40% to the length, and brackets
/// show where the text begins and ends. Placeholders such as `{maximum}` are kept as they
/// are. Every character is one column wide, so a screen's widths stay predictable.
public enum PseudoLocale {
  /// `text` in the pseudo-locale.
  public static func localize(_ text: String) -> String {
    var result = "["
    var inPlaceholder = false
    var letters = 0
    for scalar in text.unicodeScalars {
      if scalar == "{" { inPlaceholder = true }
      if !inPlaceholder, let accented = accents[scalar] {
        result.unicodeScalars.append(accented)
      } else {
        result.unicodeScalars.append(scalar)
      }
      if scalar == "}" { inPlaceholder = false }
      if !inPlaceholder { letters += 1 }
    }
    let padding = min(max(2, letters * 2 / 5), 20)
    return result + " " + String(repeating: "·", count: padding) + "]"
  }

  /// Each ASCII letter and its accented twin, one scalar (and one column) each.
  private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
    let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    let accented = "åƀçðéƒĝĥîĵķļṁñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
    return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, accented.unicodeScalars))
  }()
}
