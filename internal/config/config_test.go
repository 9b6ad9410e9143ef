package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/validate"
)

func TestLoadRefusesUnsafeAuthor(t *testing.T) {
	cases := []struct {
		name, toml string
		ok         bool
	}{
		{"plain", "[author]\nname = \"Ada\"\nemail = \"ada@example.org\"\n", true},
		{"newline in name", "[author]\nname = \"Ada\\nEvil: x\"\n", false},
		{"angle in name", "[author]\nname = \"Ada <x>\"\n", false},
		{"angle in email", "[author]\nemail = \"ada>@example.org\"\n", false},
		{"NUL in email", "[author]\nemail = \"ada\\u0000@example.org\"\n", false},
		{"carriage return", "[author]\nname = \"Ada\\r\"\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			if err := os.WriteFile(filepath.Join(home, FileName), []byte(c.toml), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := Load(home)
			if (err == nil) != c.ok {
				t.Fatalf("Load: %v, want ok %v", err, c.ok)
			}
			if err != nil && !strings.Contains(err.Error(), "author.") {
				t.Errorf("error does not name the key: %v", err)
			}
		})
	}
}

// Ensure that a limit written as zero or less, a malformed file and an
// unknown key are config_invalid, and that limits left out keep their
// defaults.
func TestLoadLimits(t *testing.T) {
	cases := []struct {
		name, toml string
		ok         bool
	}{
		{"one limit", "[limits]\nmax_files = 10\n", true},
		{"zero", "[limits]\nmax_files = 0\n", false},
		{"negative", "[limits]\nmax_file_bytes = -5\n", false},
		{"syntax", "[limits\n", false},
		{"unknown key", "colour = \"red\"\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			if err := os.WriteFile(filepath.Join(home, FileName), []byte(c.toml), 0o600); err != nil {
				t.Fatal(err)
			}
			cfg, err := Load(home)
			if c.ok {
				if err != nil || cfg.Limits.MaxFiles != 10 || cfg.Limits.MaxFileBytes != validate.DefaultLimits().MaxFileBytes {
					t.Fatalf("Load = %+v, %v", cfg, err)
				}
				return
			}
			var ce *Error
			if !errors.As(err, &ce) || ce.Code() != "config_invalid" {
				t.Fatalf("Load: %v, want config_invalid", err)
			}
		})
	}
}
