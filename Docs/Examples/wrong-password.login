# wrong-password.login: three wrong passwords in a row make the screen suggest a reset.

type email demo@example.com
type password wrong-password
expect can-submit true

submit
expect effects authenticate
wait 1.5s                          # the demo service rejects the password
expect phase failed
expect error "The email or password is incorrect."
expect reset-suggested false
expect can-submit true             # the same form may be sent again

submit                             # the second attempt
expect phase submitting
expect error none
wait 1.5s
expect phase failed
expect reset-suggested false

respond invalid-credentials        # the third answer, decided by the session this time
submit
wait 1.5s
expect phase failed
expect error "The email or password is incorrect."
expect reset-suggested true
snapshot                           # the "Forgot your password?" suggestion

# Fixing the password clears the error; the suggestion stays until a login succeeds.
set password Password123!
expect phase editing
expect error none
expect reset-suggested true
submit
wait 1.5s
expect phase succeeded
expect reset-suggested false
