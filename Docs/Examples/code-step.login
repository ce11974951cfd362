# code-step.login: everything the code step does, by the clock.
# Rejections, an expiry, a resend after its cooldown, Back during a check with a late
# answer, and three wrong codes in a row.

set email 2fa@example.com
set password Password123!
respond second-factor method sms length 4 expires 20s resend-after 5s after 1s
submit
wait 1s
expect phase second-factor
expect resend-in 5s
wait 2.5s
expect resend-in 3s                # rounded up: 2.5 s left
resend                             # too early: nothing happens
expect effects none
expect can-resend false

respond code-rejected after 0.5s
type code 1111
expect effects check-code
wait 0.5s
expect code-error "That code is incorrect."
expect code ""                     # the field is cleared
expect can-verify false
type code 2                        # editing clears the error
expect code-error none
backspace code

wait 2s                            # the cooldown is over
expect resend-in none
expect can-resend true
respond code-sent after 0.5s
resend
expect effects send-code
expect can-resend false
wait 0.5s
expect resend-in 5s                # a new code, a new cooldown
expect code-error none

respond code-accepted after 3s
set code 4242
expect effects check-code
wait 1s
back                               # during the check
expect effects cancel-check cancel-expiry cancel-countdown
expect phase editing
expect password-length 0
wait 2s                            # the check's late answer changes nothing
expect phase editing
expect dropped-answers 1

# Sign in again; this code expires by the clock.
set password Password123!
respond second-factor expires 3s resend-after 10s after 0s
submit
wait 0s
expect phase second-factor
type code 123
wait 3s
expect code-error "That code has expired. Send a new code."
snapshot                           # Verify is dimmed; Resend code waits for its cooldown
type code 456
expect can-verify false            # an expired code is never sent
expect effects none
back

# Three wrong codes end the code step.
set password Password123!
respond second-factor after 0s
submit
wait 0s
respond code-rejected after 0s
set code 000000
wait 0s
respond code-rejected after 0s
set code 000001
wait 0s
expect phase second-factor
respond code-rejected after 0s
set code 000002
wait 0s
expect phase failed
expect error "Too many incorrect codes. Sign in again."
expect can-submit false
expect requests-in-flight 0
expect store-timers 0
expect secrets-hidden true
