# device-login-cells.login: every cell of device login a session can reach, in the login
# table and in the device step's own: the control on every screen, the form's controls while
# the step shows, each answer to a poll, the countdown, the expiry, Cancel and Reset.
# `login-replay --coverage` over the examples counts them; Docs/DeviceLoginTable.md says
# what each does.

set email demo@example.com
set password Password123!
toggle-password                    # the password shows: the scan of this file allows it
toggle-password

# A throttle holds "Sign in with a browser" as it holds Log In.
respond rate-limited retry-after 2s after 0s
submit
wait 0s
expect phase failed
device-login                       # held: nothing is sent
expect phase failed
type email x                       # held while editing, and on the first screen
device-login
expect phase editing
reset
device-login
expect phase idle
wait 2s
expect retry-in none
set email demo@example.com
set password Password123!
respond invalid-credentials after 0s
submit
wait 0s

# From the failed screen: the codes; a second tap while they are asked for does nothing.
respond device-code user-code ABCD1234 interval 5s expires 12s after 1s
device-login
device-login
expect phase submitting
wait 1s
expect phase device
expect user-code ABCD1234

# The form's controls while the step shows: locked, or doing nothing.
set email other@example.com
set password other
toggle-password
toggle-password
submit
logout
verify
device-login
expect phase device

# A poll that fails with a server error is a quiet notice, and polling goes on; a timeout
# doubles the interval; a rate limit waits its Retry-After.
respond server-error after 0s
wait 5s
expect phase device
respond timeout after 0s
wait 5s
expect poll-interval 10s
# The codes live 12 s: they expire while waiting for the next poll.
wait 2s
expect phase failed
expect error "The code expired. Start again."
snapshot

# The codes expire while a poll is in flight: the poll is taken back.
respond device-code interval 5s expires 12s after 0s
device-login
wait 0s
respond pending after 0s
respond pending after 5s
wait 12s
expect phase failed
expect requests-in-flight 0
expect error "The code expired. Start again."

# Cancel with a poll in flight: back to the form as it was (failed, its error shown).
respond device-code interval 5s expires 60s after 0s
device-login
wait 0s
respond pending after 3s
wait 5s
expect requests-in-flight 1
cancel
expect phase failed
expect requests-in-flight 0
wait 3s                            # the late answer changes nothing
expect phase failed
expect dropped-answers 2             # this one, and the poll the expiry took back

# Cancel between polls, from editing.
type email x
expect phase editing
respond device-code after 0s
device-login
wait 0s
cancel
expect phase editing
expect store-timers 0

# Denied in the browser.
respond device-code after 0s
device-login
wait 0s
respond denied after 0s
wait 5s
expect phase failed
expect error "Sign-in was denied in the browser."

# The server says the codes expired.
respond device-code after 0s
device-login
wait 0s
respond expired-token after 0s
wait 5s
expect error "The code expired. Start again."

# A poll the server refuses for good (the client is not allowed) ends the step.
respond device-code after 0s
device-login
wait 0s
respond invalid-credentials after 0s
wait 5s
expect phase failed
expect error "The email or password is incorrect."

# A rate-limited poll waits the longer of the interval and its Retry-After.
respond device-code after 0s
device-login
wait 0s
respond rate-limited retry-after 8s after 0s
wait 5s
expect phase device
expect requests-in-flight 0
wait 7s
expect requests-in-flight 0        # 8 s, not the 5 s interval
respond pending after 1s
wait 1s
expect requests-in-flight 1

# Closing the store with a poll in flight ends it.
close
expect requests-in-flight 0
expect secrets-hidden true
snapshot

# Reset from the step: the first screen, nothing left running.
relaunch
respond device-code after 0s
device-login
wait 0s
reset
expect phase idle
expect store-timers 0

# A session read late, while the step shows, is forgotten.
set email demo@example.com
set password Password123!
submit
wait 1.5s
expect phase succeeded
device-login                       # nothing to do once logged in
relaunch restore-later
respond device-code after 0s
device-login
wait 0s
restore-session
expect phase device
expect session-remembered false
close

# Nor on the code step.
relaunch
set email 2fa@example.com
set password Password123!
submit
wait 1.5s
expect phase second-factor
device-login
expect phase second-factor
snapshot
