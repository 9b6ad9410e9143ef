package errcode

import (
	"errors"
	"fmt"
	"testing"
)

type dataError struct{ path string }

func (e *dataError) Error() string { return "bad " + e.path }
func (e *dataError) Code() string  { return "bad_data" }

func TestOf(t *testing.T) {
	errA := New("code_a", "a failed")
	errB := New("code_b", "b failed")
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"nil", nil, ""},
		{"uncoded", errors.New("plain"), ""},
		{"sentinel", errA, "code_a"},
		{"wrapped", fmt.Errorf("ctx: %w", errA), "code_a"},
		{"outermost wins", fmt.Errorf("%w: %w", errB, errA), "code_b"},
		{"typed", fmt.Errorf("x: %w", &dataError{"p"}), "bad_data"},
		{"typed around sentinel", fmt.Errorf("%w", &wrapping{errA}), "code_w"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Of(tc.err); got != tc.want {
				t.Fatalf("Of = %q, want %q", got, tc.want)
			}
		})
	}
	if !errors.Is(fmt.Errorf("x: %w", errA), errA) || errors.Is(errA, errB) {
		t.Fatal("sentinels must compare by identity")
	}
}

type wrapping struct{ err error }

func (w *wrapping) Error() string { return "w: " + w.err.Error() }
func (w *wrapping) Unwrap() error { return w.err }
func (w *wrapping) Code() string  { return "code_w" }
