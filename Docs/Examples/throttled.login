# throttled.login: a server that asks the screen to wait. The wait it names (Retry-After)
# counts down on the button and in the error; nothing is sent until it is over, and the
# button comes back exactly at the deadline. The wait survives edits, dismissing the error,
# reset and the code step, because the server's rule does not care what the screen shows.
# Run it with: swift run login-replay Docs/Examples/throttled.login

set email demo@example.com
set password Password123!
respond rate-limited retry-after 3s after 0.5s
submit
wait 0.5s
expect phase failed
expect error "Too many attempts. Try again in 0:03."
expect retry-in 3s                 # the button says "Try again in 0:03"
expect can-submit false
expect store-timers 1              # one arrival pending: the next second
snapshot

submit                             # held: no request while the throttle runs
expect effects none
expect requests-in-flight 0
wait 1s
expect error "Too many attempts. Try again in 0:02."
snapshot                           # the countdown went down a second
type password x                    # an edit clears the error, not the wait
expect error none
expect retry-in 2s
backspace password
wait 1999ms
expect retry-in 1s                 # a millisecond before the deadline: still held
expect can-submit false
wait 1ms
expect retry-in none               # the deadline: the button comes back, once
expect can-submit true
expect store-timers 0              # and nothing ticks while nothing counts down
snapshot

# A second refusal without a wait gets the default 30 seconds, and reset keeps it.
respond rate-limited
submit
wait 1.5s
expect retry-in 30s
reset
expect phase idle
expect retry-in 30s
wait 1s                            # the countdown goes on behind the empty form
expect retry-in 29s
set email demo@example.com
set password Password123!
submit
expect effects none                # still held after reset
wait 29s
expect retry-in none
expect can-submit true

# A throttle that ends while its error still shows says so; one that ends after a reset
# leaves the empty form as it was.
respond rate-limited retry-after 1s after 0.5s
submit
wait 1.5s
expect phase failed
expect error "You can try again now."
expect can-submit true
respond rate-limited retry-after 1s after 0.5s
submit
wait 0.5s
reset
wait 1s
expect phase idle
expect retry-in none
set email demo@example.com
set password Password123!

# A locked account: no countdown, and the password reset at once.
respond locked
submit
wait 1.5s
expect error "Your account is locked. Reset your password to continue."
expect reset-suggested true
expect retry-in none
expect can-submit true

# A refusal on the code step holds Verify and Resend; Back leaves it running.
set email 2fa@example.com
set password Password123!
submit
wait 1.5s
expect phase second-factor
respond rate-limited retry-after 5s after 0.5s
type code 123456
wait 0.5s
expect code-error "Too many attempts. Try again in 0:05."
expect retry-in 5s
expect can-verify false
expect can-resend false
verify
expect effects none
wait 5s
expect retry-in none
expect can-verify true
verify
wait 1.5s
expect phase succeeded

# A session read late, after a relaunch, can still log in while a throttle runs (the read
# is no request); the countdown ends behind the signed-in screen.
relaunch restore-later
set email demo@example.com
set password Password123!
respond rate-limited retry-after 2s after 0.5s
submit
wait 0.5s
reset
restore-session
expect phase succeeded
expect retry-in 2s
wait 2s
expect retry-in none

# A code completed while a throttle holds checks waits for Verify.
logout
set email 2fa@example.com
set password Password123!
submit
wait 1.5s
respond rate-limited retry-after 2s after 0.5s
type code 111111
wait 0.5s
expect retry-in 2s
backspace code 6
type code 123456                   # complete, but held: no check starts
expect effects none
wait 2s
expect can-verify true
verify
wait 1.5s
expect phase succeeded
