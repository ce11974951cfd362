# code-step-cells.login: every cell of the code step's table a session can reach, and every
# control of the login form while the code step shows. `login-replay --coverage` over the
# examples counts them; Docs/SecondFactorTable.md says what each does.

verify                             # the code step's buttons do nothing on the form
set email 2fa@example.com
set password Password123!
respond second-factor expires 60s resend-after 2s after 0.5s
submit
resend                             # nor while a login is in flight
wait 0.5s
expect phase second-factor

# The form's controls are locked while the code step shows.
set email other@example.com
set password other
toggle-password
toggle-password
submit
cancel
logout
expect phase second-factor
expect email-error none
verify                             # an incomplete code is not sent
expect effects none

# A check in flight locks the step; the cooldown ends meanwhile.
respond code-expired after 3s
type code 111111
expect effects check-code
type code 2
verify
resend
expect effects none
wait 2s                            # the cooldown ends while checking
expect can-resend false            # not while a check is in flight
wait 1s                            # the server says the code expired
expect code-error "That code has expired. Send a new code."
verify                             # nothing to verify
expect can-verify false
resend
expect effects send-code

# A resend in flight locks the step too; it fails, the old cooldown kept.
type code 9
verify
resend
expect effects none
respond server-error after 0s
wait 0s
expect code-error "Something went wrong. Please try again."
expect can-verify false            # still expired
expect can-resend true
type code 12                       # a change does not clear an expiry
expect code-error "That code has expired. Send a new code."

# A resend that works: a new code, a new cooldown; a rejected code, then the cooldown runs out.
respond code-sent after 0s
resend
wait 0s
expect resend-in 2s
respond code-rejected after 0s
type code 123123
wait 0s
expect code-error "That code is incorrect."
verify                             # an empty code is not sent
resend                             # the cooldown still runs
expect effects none
wait 2s                            # a tick and the end of the cooldown, while rejected
expect can-resend true
respond code-sent after 0.5s
resend                             # after a rejection
expect effects send-code
back                               # during the resend
expect effects cancel-send cancel-expiry cancel-countdown
expect phase editing

# The code step's buttons do nothing where it is not shown.
verify
resend
back
expect phase editing

# A check that fails as a login can keeps the step; Verify tries again.
set password Password123!
respond second-factor expires 4s resend-after 2s after 0s
submit
wait 0s
respond network-unavailable after 0s
type code 123456
wait 0s
expect code-error "Unable to connect. Check your internet connection."
expect can-verify true
respond network-unavailable after 0s
set code 777777                    # a complete code after a failure: checked at once
wait 0s
resend                             # the cooldown still runs
wait 1s                            # a tick while the error shows
respond code-rejected after 0s
verify                             # by hand
wait 0s
respond network-unavailable after 0s
set code 654321
wait 0s
backspace code                     # an incomplete code after a failure
verify
expect effects none
set code 111111                    # complete again: checked at once
respond server-error after 0s
wait 0s
expect code-error "Something went wrong. Please try again."
wait 1s                            # the cooldown ends while the error shows
resend
respond unexpected after 0s
wait 0s
expect code-error "Unable to sign in. Please try again."
resend
expect effects send-code
respond code-sent after 0s
wait 0s
respond network-unavailable after 0s
set code 222222
wait 0s
resend                             # during the cooldown, after a failure
wait 4s                            # the code expires while the error shows
expect code-error "That code has expired. Send a new code."
resend                             # cooldown over, from the expired code
expect effects send-code
respond code-sent after 0s
wait 0s
set code 1
wait 1s                            # a tick; then resend waits for the cooldown
resend
expect effects none
wait 4s                            # the cooldown ends, and the code expires
expect code-error "That code has expired. Send a new code."
back

# Back from each step; expiries that arrive while a check or a resend is in flight.
set password Password123!
respond second-factor expires 1s resend-after 5s after 0s
submit
wait 0s
back                               # right away
set password Password123!
respond second-factor expires 1s resend-after 5s after 0s
submit
wait 0s
respond code-accepted after 2s
type code 123456
wait 1s                            # the code expires during the check
wait 1s                            # the server accepts it all the same
expect phase succeeded
verify                             # nothing to verify once logged in
logout
set email 2fa@example.com
set password Password123!
respond second-factor expires 1s resend-after 5s after 0s
submit
wait 0s
respond code-rejected after 0s
type code 000000
wait 0s
wait 1s                            # the code expires after a rejection
resend                             # the cooldown still runs
wait 4s                            # it ends while the code is expired
respond network-unavailable after 0s
resend
wait 0s
type code 12                       # an incomplete code, expired
back
set password Password123!
respond second-factor expires 3s resend-after 1s after 0s
submit
wait 0s
respond code-rejected after 0s
type code 000000
wait 0s
back                               # after a rejection
set password Password123!
respond second-factor expires 3s resend-after 1s after 0s
submit
wait 0s
wait 1s
respond code-sent after 5s
resend
wait 2s                            # the code expires during the resend
wait 3s
expect code-error none             # the new code
type code 12
wait 1s
resend                             # a resend that fails: the code stays as typed
respond network-unavailable after 0s
wait 0s
verify                             # an incomplete code after a failure
back                               # after a failure
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
respond code-rejected after 0s
set code 000002
wait 0s
expect phase failed
verify                             # nothing to verify after too many codes
submit                             # the password went with the code step: sign in again
expect effects none

# The login's own controls that leave the step: reset, a late session read, the store closing.
set password Password123!
respond second-factor after 0s
submit
wait 0s
reset
expect phase idle
set email 2fa@example.com
set password Password123!
respond second-factor after 0s
submit
wait 0s
respond code-accepted after 5s
type code 123456
wait 1s
snapshot                           # the check in flight
close                              # the check ends without an answer
expect phase second-factor
expect requests-in-flight 0

# A login remembered, then a launch whose session read comes late, during the code step;
# and the store closing during a resend.
relaunch
set email 2fa@example.com
set password Password123!
submit
wait 1.5s
type code 123456
wait 1.5s
expect session-remembered true
relaunch restore-later
set email 2fa@example.com
set password Password123!
submit
wait 1.5s
restore-session                    # read late: forgotten, the screen stays
expect phase second-factor
expect session-remembered false
wait 30s
respond code-sent after 5s
resend
close                              # the resend ends without an answer
expect requests-in-flight 0
