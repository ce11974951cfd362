# validation.login: the Log In button stays disabled and the email field explains why,
# until the form is valid.

expect can-submit false
expect email-error none                            # an empty field shows no error

type email demo
expect email-error "Enter a valid email address."
expect can-submit false

type email @example
expect email-error "Enter a valid email address."  # the domain needs a dot

type email .com
expect email-error none
expect can-submit false                            # still no password
snapshot

type password "   "                                # blanks only are no password
expect can-submit false
clear password
type password Password123!
expect can-submit true

backspace email 4                                  # back to "demo@example"
expect email-error "Enter a valid email address."
expect can-submit false
submit                                             # the disabled button does nothing
expect effects none
expect phase editing
snapshot

set email "  demo@example.com  "                   # blanks around the address are trimmed
expect email-error none
expect can-submit true
