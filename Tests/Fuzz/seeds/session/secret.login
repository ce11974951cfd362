type email demo@example.com
type password ☠Hunter2Secret
submit
respond invalid-credentials after 2s
snapshot
wait 2s
expect error "The email or password is incorrect."
expect password-length 13
snapshot
