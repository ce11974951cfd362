# demo.login: the happy path of the demo app.
# Type the demo credentials, show the password, log in, watch the spinner, succeed.
# Run it with: swift run login-replay Docs/Examples/demo.login

expect phase idle
expect can-submit false
expect email-error none

type email demo@example.com
expect phase editing
expect email-error none
expect can-submit false            # no password yet

type password Password123!
expect can-submit true
expect password-visible false

toggle-password                    # the eye button: show the password
expect password-visible true

submit
expect effects authenticate
expect phase submitting
expect loading true
expect can-submit false            # the form is locked while the request is in flight
snapshot                           # the spinner

wait 1.5s                          # the demo service answers after 1.5 s
expect phase succeeded
expect loading false
expect error none
expect reset-suggested false
snapshot
