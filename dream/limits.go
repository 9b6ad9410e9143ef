package dream

import "github.com/memfs/memfs/validate"

// LimitsAware is implemented by a dreamer that fits memory within the
// store's artifact limits itself (the builtin consolidates rather than
// writing memory the store would refuse). Run dreams with WithLimits's
// dreamer, given the store's limits.
type LimitsAware interface {
	WithLimits(l validate.Limits) Dreamer
}
