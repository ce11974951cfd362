import LoginFlow

/// Per-keystroke work: the raw lower bound, our `reduce` with the screen's derived flags, and
/// the seed's view model, over the same keystrokes.
enum Keystrokes {
  /// One keystroke: which field, and the field's whole text after it.
  struct Keystroke: Sendable {
    var isEmail: Bool
    var text: String
    var action: LoginAction { isEmail ? .emailChanged(text) : .passwordChanged(text) }
  }

  /// Typing `demo@example.com` then `Password123!`, one character at a time.
  static let typing: [Keystroke] = {
    var keystrokes: [Keystroke] = []
    var email = ""
    for character in "demo@example.com" {
      email.append(character)
      keystrokes.append(Keystroke(isEmail: true, text: email))
    }
    var password = ""
    for character in "Password123!" {
      password.append(character)
      keystrokes.append(Keystroke(isEmail: false, text: password))
    }
    return keystrokes
  }()

  /// Raw: the text stored in a two-field struct, nothing else.
  static func raw(_ keystrokes: [Keystroke], rounds: Int) -> Int {
    var total = 0
    for _ in 0..<rounds {
      var form = RawForm()
      // Every loop here reads its input in place, by index: the measured code gets a borrowed
      // keystroke, and no loop pays for copying its elements out of the array.
      for index in keystrokes.indices {
        form.update(isEmail: keystrokes[index].isEmail, to: keystrokes[index].text)
        total &+= form.email.utf8.count
      }
    }
    return total
  }

  /// Ours: `reduce`, then the flags the screen reads after every keystroke.
  static func reduce(_ actions: [LoginAction], rounds: Int) -> Int {
    var total = 0
    for _ in 0..<rounds {
      var state = LoginState()
      for index in actions.indices {
        total &+= LoginFlow.reduce(into: &state, actions[index]).count
        total &+= state.canSubmit ? 1 : 0
        total &+= state.emailError == nil ? 1 : 0
      }
    }
    return total
  }

  /// The seed's view model: the field set, its `didSet` validating through Foundation.
  static func seed(_ keystrokes: [Keystroke], rounds: Int) -> Int {
    var total = 0
    for _ in 0..<rounds {
      let model = SeedLoginViewModel()
      for index in keystrokes.indices {
        if keystrokes[index].isEmail {
          model.email = keystrokes[index].text
        } else {
          model.password = keystrokes[index].text
        }
        total &+= model.canLogin ? 1 : 0
        total &+= model.emailErrorMessage == nil ? 1 : 0
      }
    }
    return total
  }
}
