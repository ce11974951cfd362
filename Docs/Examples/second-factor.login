# second-factor.login: an account that asks for a one-time code after its password.
# The demo's 2fa@example.com asks for an authenticator code; 123456 is the right one.
# Run it with: swift run login-replay Docs/Examples/second-factor.login

set email 2fa@example.com
set password Password123!
submit
wait 1.5s                          # the demo answers: a code is needed
expect phase second-factor
expect password-length 0           # the password left memory with the right answer
expect code ""
expect can-verify false
expect can-resend false
expect resend-in 30s               # "Resend code in 0:30"
snapshot

type code "12 34 5"                # anything but digits is dropped
expect code "12345"
expect can-verify false
type code 6                        # the last digit starts the check
expect effects check-code
expect can-verify false            # one check at a time
snapshot

wait 1.5s
expect phase succeeded
expect session-remembered true
expect secrets-hidden true
