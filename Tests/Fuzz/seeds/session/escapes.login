set email "a b\u{1F600}\t\n\\\"" # c
set password "#Hunter2Secret"
backspace password 3
toggle-password
expect effects none
submit
cancel
expect effects cancel-authentication
expect dropped-answers 0
settle
expect requests-in-flight 0
